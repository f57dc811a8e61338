/** Product texts shown on several screens. */
export const PRODUCT_NAME = "VetSearch AI";
export const COPYRIGHT_YEAR = 2025;
export const AI_SEARCH_SUBTITLE =
  "Search a database of veterinary textbooks and journals to answer clinical questions, with every answer cited to its source page.";
export const DEFAULT_WELCOME_MESSAGE =
  "Hello! I am your veterinary assistant. Ask me a clinical question and I will search the clinic's textbooks and journals and answer with citations to the pages I used.";

export const PROFESSION_OPTIONS = [
  { value: "veterinarian", label: "Veterinarian" },
  { value: "veterinary-technician", label: "Veterinary Technician" },
  { value: "hospital-administrator", label: "Hospital Administrator" },
  { value: "doctor", label: "Medical Doctor" },
  { value: "nurse", label: "Nurse" },
  { value: "specialist", label: "Specialist" },
  { value: "other", label: "Other" },
] as const;

export function professionLabel(value: string | null | undefined): string {
  return PROFESSION_OPTIONS.find((p) => p.value === value)?.label ?? "";
}
