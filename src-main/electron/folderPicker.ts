import type { BaseWindow, Dialog, OpenDialogOptions } from 'electron';

export const FOLDER_PICKER_OPTIONS: OpenDialogOptions = {
  title: 'Choose a workspace folder',
  message: 'The agent works in this folder, and may write only inside it without asking.',
  buttonLabel: 'Use as workspace',
  properties: ['openDirectory', 'createDirectory'],
};

/** The native folder dialog, attached to the app's window when there is one; null when cancelled. */
export async function pickWorkspaceFolder(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  window: BaseWindow | undefined,
): Promise<string | null> {
  const result =
    window && !window.isDestroyed()
      ? await dialog.showOpenDialog(window, FOLDER_PICKER_OPTIONS)
      : await dialog.showOpenDialog(FOLDER_PICKER_OPTIONS);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
