/** A LIKE pattern that finds `text` anywhere, with its wildcards escaped so a search for "50%" finds "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
