/**
 * Mango, the guide: a green Jamaican parrot who speaks in short prompts. The look is a small SVG
 * (see Guide.tsx) with a few moods; these are its colours and name, shared by the screens.
 */

export const GUIDE = {
  /** Key of the guide's name in the lesson dictionary (the same in every language). */
  nameKey: "guideName",
  altKey: "guideAlt",
  colours: {
    body: "#2e9e4f",
    wing: "#1f7a3c",
    belly: "#9fd86b",
    beak: "#f4b400",
    cheek: "#e8594a",
    eye: "#1b1b1b",
  },
} as const;
