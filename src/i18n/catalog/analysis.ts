// Strings of this area. Keys are English phrases' short ids; every key needs both languages.
export default {
  en: {} as Record<string, string>,
  zh: {} as Record<string, string>,
};
