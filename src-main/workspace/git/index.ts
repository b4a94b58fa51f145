export { createGitReview, type BeforeDiscard, type GitReview } from './review';
export { GitError, git, gitOk } from './runner';
export { ReviewPathError } from './paths';
