export const tagCategories = ["accessibility", "experience", "format", "theme", "scheduling", "community"] as const;
export type TagCategory = (typeof tagCategories)[number];

type Text = { en: string; es: string; pt: string };

export type Tag = {
  id: string;
  /** English label; `labelEs` and `labelPt` are the Spanish and Portuguese ones. */
  label: string;
  labelEs: string;
  labelPt: string;
  emoji: string;
  icon: string;
  colour: string;
  category: TagCategory;
};

const colours: Record<TagCategory, string> = {
  accessibility: "#7c3aed",
  experience: "#059669",
  format: "#2563eb",
  theme: "#dc2626",
  scheduling: "#d97706",
  community: "#0891b2",
};

// The descriptions live in tag-descriptions.ts: the forms that run in the browser need only the labels.
function tag(id: string, category: TagCategory, emoji: string, icon: string, label: Text): Tag {
  return { id, label: label.en, labelEs: label.es, labelPt: label.pt, emoji, icon, colour: colours[category], category };
}

/** The 32 predefined tags of spec section 3. */
export const predefinedTags: readonly Tag[] = [
  tag("lgbtq-friendly", "accessibility", "🏳️‍🌈", "rainbow", { en: "LGBTQ+ friendly", es: "LGBTQ+ friendly", pt: "LGBTQ+ friendly" }),
  tag("family-friendly", "accessibility", "👨‍👩‍👧", "users", { en: "Family friendly", es: "Apto para familias", pt: "Para a família" }),
  tag("mobile-friendly", "accessibility", "📱", "smartphone", { en: "Mobile friendly", es: "Apto para celular", pt: "Funciona no celular" }),
  tag("text-only", "accessibility", "💬", "message-square", { en: "Text only", es: "Solo texto", pt: "Só texto" }),
  tag("new-players", "experience", "🌱", "sprout", { en: "New players welcome", es: "Nuevos jugadores", pt: "Novos jogadores" }),
  tag("beginner-friendly", "experience", "🎓", "graduation-cap", { en: "Beginner friendly", es: "Para principiantes", pt: "Para iniciantes" }),
  tag("experienced-only", "experience", "🏆", "trophy", { en: "Experienced only", es: "Solo con experiencia", pt: "Só experientes" }),
  tag("new-campaign", "format", "🆕", "sparkles", { en: "New campaign", es: "Campaña nueva", pt: "Campanha nova" }),
  tag("one-shot", "format", "🎯", "target", { en: "One-shot", es: "Partida única", pt: "One-shot" }),
  tag("ongoing-campaign", "format", "📜", "scroll", { en: "Ongoing campaign", es: "Campaña en curso", pt: "Campanha em andamento" }),
  tag("voice-chat", "format", "🎙️", "mic", { en: "Voice chat", es: "Chat de voz", pt: "Chat de voz" }),
  tag("video-chat", "format", "📹", "video", { en: "Video chat", es: "Videollamada", pt: "Videochamada" }),
  tag("uses-vtt", "format", "🗺️", "map", { en: "Virtual tabletop", es: "Mesa virtual (VTT)", pt: "Mesa virtual (VTT)" }),
  tag("in-person", "format", "🏠", "home", { en: "In person", es: "Presencial", pt: "Presencial" }),
  tag("streaming", "format", "📺", "tv", { en: "Streamed", es: "Transmitida", pt: "Transmitida" }),
  tag("mature-themes", "theme", "🔞", "alert-triangle", { en: "Mature themes", es: "Temas adultos", pt: "Temas adultos" }),
  tag("homebrew", "theme", "🧪", "flask", { en: "Homebrew", es: "Reglas caseras", pt: "Homebrew" }),
  tag("roleplay-heavy", "theme", "🎭", "drama", { en: "Roleplay heavy", es: "Mucha interpretación", pt: "Muita interpretação" }),
  tag("combat-heavy", "theme", "⚔️", "swords", { en: "Combat heavy", es: "Mucho combate", pt: "Muito combate" }),
  tag("exploration-heavy", "theme", "🧭", "compass", { en: "Exploration heavy", es: "Mucha exploración", pt: "Muita exploração" }),
  tag("weekly", "scheduling", "📅", "calendar", { en: "Weekly", es: "Semanal", pt: "Semanal" }),
  tag("flexible-schedule", "scheduling", "🔄", "refresh", { en: "Flexible schedule", es: "Horario flexible", pt: "Horário flexível" }),
  tag("weekend-only", "scheduling", "🗓️", "calendar-days", { en: "Weekends only", es: "Solo fines de semana", pt: "Só fins de semana" }),
  tag("mexican-timezone", "scheduling", "🇲🇽", "clock", { en: "Mexico time zone", es: "Hora de México", pt: "Horário do México" }),
  tag("morning-sessions", "scheduling", "🌅", "sunrise", { en: "Morning", es: "Por la mañana", pt: "De manhã" }),
  tag("afternoon-sessions", "scheduling", "☀️", "sun", { en: "Afternoon", es: "Por la tarde", pt: "À tarde" }),
  tag("evening-sessions", "scheduling", "🌆", "sunset", { en: "Evening", es: "Al anochecer", pt: "No começo da noite" }),
  tag("night-sessions", "scheduling", "🌙", "moon", { en: "Night", es: "Por la noche", pt: "À noite" }),
  tag("spanish-speaking", "community", "🇪🇸", "languages", { en: "Spanish speaking", es: "En español", pt: "Em espanhol" }),
  tag("english-speaking", "community", "🇬🇧", "languages", { en: "English speaking", es: "En inglés", pt: "Em inglês" }),
  tag("bilingual", "community", "🌐", "globe", { en: "Bilingual", es: "Bilingüe", pt: "Bilíngue" }),
  tag("latam", "community", "🌎", "globe-americas", { en: "Latin America", es: "Latinoamérica", pt: "América Latina" }),
];

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase();

const index = new Map<string, Tag>();
for (const t of predefinedTags) for (const key of [t.id, t.label, t.labelEs, t.labelPt]) index.set(fold(key), t);

/** A tag name matches a predefined tag by id or case-insensitively by any label; otherwise it is a free tag. */
export function resolveTag(name: string): { id: string; name: string; predefined: Tag | null } {
  const clean = name.trim().replace(/\s+/g, " ");
  const found = index.get(fold(clean));
  return found ? { id: found.id, name: found.label, predefined: found } : { id: fold(clean).replace(/\s+/g, "-"), name: clean, predefined: null };
}

/** Cards hide tags containing 'weekly' or 'semanal' (spec section 2). */
export function isHiddenOnCards(name: string): boolean {
  const folded = fold(name);
  return folded.includes("weekly") || folded.includes("semanal");
}

export function tagLabel(t: Tag, lang: "es" | "en" | "pt"): string {
  return lang === "es" ? t.labelEs : lang === "pt" ? t.labelPt : t.label;
}

/** Spec section 2: the popular tags offered on the search screen. */
export const popularTagIds = ["beginner-friendly", "one-shot", "lgbtq-friendly", "new-campaign", "roleplay-heavy"] as const;

/** Names as stored on a session or series: predefined tags by id, free tags by their name, at most 10 (spec: tag matching). */
export const storedTagNames = (names: string[]) => Array.from(new Set(names.map((n) => resolveTag(n)).map((t) => (t.predefined ? t.id : t.name)))).slice(0, 10);

/** The stored names that are no predefined tag's id, as the comma-separated text of the forms' "Other tags" field. */
export const freeTagText = (names: string[]) => names.filter((name) => !predefinedTags.some((p) => p.id === name)).join(", ");

export type TagChip = { id: string; label: string; emoji: string };

/** Stored tag names as chips for a detail page: predefined ones in the reader's language with their emoji. */
export const tagChips = (names: string[], lang: "es" | "en" | "pt"): TagChip[] =>
  names.map((name) => {
    const tag = resolveTag(name);
    return { id: tag.id, label: tag.predefined ? tagLabel(tag.predefined, lang) : tag.name, emoji: tag.predefined?.emoji ?? "🏷️" };
  });
