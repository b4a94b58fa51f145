import type { reviewRequests } from '../../src-shared/ipc/reviewSchemas';
import { ContractError, type Handlers } from '../contract/router';
import { createGitReview, GitError, ReviewPathError, type BeforeDiscard } from '../workspace/git';
import { validateWorkspace } from '../workspace/validate';

type ReviewName = keyof typeof reviewRequests;

/** Git's and the path checks' refusals reach the view as messages a person can act on. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReviewPathError) throw new ContractError('bad_path', error.message);
    if (error instanceof GitError) throw new ContractError('git_failed', error.message);
    throw error;
  }
}

/** The Review view's requests; `base` resolves a relative workspace as chat.send does. */
export function reviewHandlers(
  base: string | undefined,
  beforeDiscard: BeforeDiscard,
): Pick<Handlers, ReviewName> {
  const review = createGitReview({ beforeDiscard });
  const at = async (workspace: string) => {
    const checked = await validateWorkspace(workspace, base);
    if (!checked.ok) throw new ContractError('bad_workspace', checked.error);
    return checked.path;
  };
  return {
    'review.status': ({ workspace }) => answer(async () => review.status(await at(workspace))),
    'review.diff': ({ workspace, path, side }) =>
      answer(async () => review.diff(await at(workspace), path, side)),
    'review.stage': ({ workspace, paths }) => answer(async () => review.stage(await at(workspace), paths)),
    'review.unstage': ({ workspace, paths }) =>
      answer(async () => review.unstage(await at(workspace), paths)),
    'review.discard': ({ workspace, paths }) =>
      answer(async () => review.discard(await at(workspace), paths)),
    'review.commit': ({ workspace, message }) =>
      answer(async () => review.commit(await at(workspace), message)),
    'review.createBranch': ({ workspace, name }) =>
      answer(async () => review.createBranch(await at(workspace), name)),
  };
}
