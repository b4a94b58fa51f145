export function missingNode(version: string, range: string | undefined): string | undefined;
export function requireNode(what: string): void;
