export { createGitReview, type BeforeDiscard } from './review';
export { GitError } from './runner';
export { ReviewPathError } from './paths';
