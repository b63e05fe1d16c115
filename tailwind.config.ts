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
  plugins: [],
} satisfies Config;
