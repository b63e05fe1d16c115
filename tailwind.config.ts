import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{js,jsx,ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eef8f9",
          100: "#d5eef1",
          500: "#0b7285",
          600: "#095e6e",
          700: "#074a57",
        },
      },
    },
  },
  // Colours as plain values (`color:#fafaf9`) instead of a variable per utility: the critical CSS every
  // page inlines is a fifth smaller (decision record 093). Opacity still works with the `/50` modifier.
  corePlugins: {
    textOpacity: false,
    backgroundOpacity: false,
    borderOpacity: false,
    divideOpacity: false,
    placeholderOpacity: false,
    ringOpacity: false,
  },
  // Tailwind's defaults for transforms, rings, shadows, filters and the like go on the elements whose
  // classes use them instead of on every element and pseudo-element (`*, ::before, ::after`): 45
  // custom properties less on each of a page's 700 elements, which the phone's first style pass
  // otherwise computes and carries (decision record 093).
  experimental: { optimizeUniversalDefaults: true },
  plugins: [],
} satisfies Config;
