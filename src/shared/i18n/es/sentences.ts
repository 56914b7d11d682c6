/**
 * The Spanish for sentences the code writes in English where they are made: the server's error messages and the
 * shared schemas' validation messages. Keyed by the English sentence (an ICU message when it has values), so the
 * code that throws or validates stays as it reads; English needs no catalogue.
 */
export const sentences: Record<string, string> = {};
