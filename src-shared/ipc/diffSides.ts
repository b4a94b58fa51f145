/**
 * The sides of a workspace's changes the review shows, apart from reviewSchemas.ts so the page's
 * first screen loads no schemas to list them.
 */
export const DIFF_SIDES = ['staged', 'unstaged', 'untracked'] as const;
