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
  description: Text;
};

const colours: Record<TagCategory, string> = {
  accessibility: "#7c3aed",
  experience: "#059669",
  format: "#2563eb",
  theme: "#dc2626",
  scheduling: "#d97706",
  community: "#0891b2",
};

function tag(id: string, category: TagCategory, emoji: string, icon: string, label: Text, description: Text): Tag {
  return { id, label: label.en, labelEs: label.es, labelPt: label.pt, emoji, icon, colour: colours[category], category, description };
}

/** The 32 predefined tags of spec section 3. */
export const predefinedTags: readonly Tag[] = [
  tag("lgbtq-friendly", "accessibility", "🏳️‍🌈", "rainbow", { en: "LGBTQ+ friendly", es: "LGBTQ+ friendly", pt: "LGBTQ+ friendly" }, { en: "A welcoming table for everyone.", es: "Una mesa acogedora para todas las personas.", pt: "Uma mesa acolhedora para todas as pessoas." }),
  tag("family-friendly", "accessibility", "👨‍👩‍👧", "users", { en: "Family friendly", es: "Apto para familias", pt: "Para a família" }, { en: "Suitable for all ages.", es: "Apto para todas las edades.", pt: "Adequado para todas as idades." }),
  tag("mobile-friendly", "accessibility", "📱", "smartphone", { en: "Mobile friendly", es: "Apto para celular", pt: "Funciona no celular" }, { en: "You can play from a phone.", es: "Puedes jugar desde el celular.", pt: "Dá para jogar pelo celular." }),
  tag("text-only", "accessibility", "💬", "message-square", { en: "Text only", es: "Solo texto", pt: "Só texto" }, { en: "Played by text chat, no microphone needed.", es: "Se juega por chat de texto, sin micrófono.", pt: "Jogado por chat de texto, sem microfone." }),
  tag("new-players", "experience", "🌱", "sprout", { en: "New players welcome", es: "Nuevos jugadores", pt: "Novos jogadores" }, { en: "New to this group? Come along.", es: "¿Nuevo en el grupo? Bienvenido.", pt: "Novo no grupo? Bem-vindo." }),
  tag("beginner-friendly", "experience", "🎓", "graduation-cap", { en: "Beginner friendly", es: "Para principiantes", pt: "Para iniciantes" }, { en: "Rules are explained as you play.", es: "Las reglas se explican mientras juegas.", pt: "As regras são explicadas durante o jogo." }),
  tag("experienced-only", "experience", "🏆", "trophy", { en: "Experienced only", es: "Solo con experiencia", pt: "Só experientes" }, { en: "Players should know the system.", es: "Se espera que conozcas el sistema.", pt: "É preciso conhecer o sistema." }),
  tag("new-campaign", "format", "🆕", "sparkles", { en: "New campaign", es: "Campaña nueva", pt: "Campanha nova" }, { en: "A campaign starting from session one.", es: "Una campaña que empieza desde cero.", pt: "Uma campanha começando do zero." }),
  tag("one-shot", "format", "🎯", "target", { en: "One-shot", es: "Partida única", pt: "One-shot" }, { en: "A complete story in one session.", es: "Una historia completa en una sesión.", pt: "Uma história completa em uma sessão." }),
  tag("ongoing-campaign", "format", "📜", "scroll", { en: "Ongoing campaign", es: "Campaña en curso", pt: "Campanha em andamento" }, { en: "Join a story already under way.", es: "Súmate a una historia ya empezada.", pt: "Entre em uma história já em andamento." }),
  tag("voice-chat", "format", "🎙️", "mic", { en: "Voice chat", es: "Chat de voz", pt: "Chat de voz" }, { en: "Played with voice.", es: "Se juega con voz.", pt: "Jogado com voz." }),
  tag("video-chat", "format", "📹", "video", { en: "Video chat", es: "Videollamada", pt: "Videochamada" }, { en: "Cameras on, if you like.", es: "Con cámara, si quieres.", pt: "Com câmera, se quiser." }),
  tag("uses-vtt", "format", "🗺️", "map", { en: "Virtual tabletop", es: "Mesa virtual (VTT)", pt: "Mesa virtual (VTT)" }, { en: "Uses a virtual tabletop such as Foundry or Roll20.", es: "Usa una mesa virtual como Foundry o Roll20.", pt: "Usa uma mesa virtual como Foundry ou Roll20." }),
  tag("in-person", "format", "🏠", "home", { en: "In person", es: "Presencial", pt: "Presencial" }, { en: "Played around a real table.", es: "Se juega en una mesa de verdad.", pt: "Jogado em uma mesa de verdade." }),
  tag("streaming", "format", "📺", "tv", { en: "Streamed", es: "Transmitida", pt: "Transmitida" }, { en: "The session is streamed live.", es: "La sesión se transmite en vivo.", pt: "A sessão é transmitida ao vivo." }),
  tag("mature-themes", "theme", "🔞", "alert-triangle", { en: "Mature themes", es: "Temas adultos", pt: "Temas adultos" }, { en: "Adult content; 18+.", es: "Contenido adulto; mayores de 18.", pt: "Conteúdo adulto; maiores de 18." }),
  tag("homebrew", "theme", "🧪", "flask", { en: "Homebrew", es: "Reglas caseras", pt: "Homebrew" }, { en: "House rules or an original setting.", es: "Reglas propias o un mundo original.", pt: "Regras próprias ou um mundo original." }),
  tag("roleplay-heavy", "theme", "🎭", "drama", { en: "Roleplay heavy", es: "Mucha interpretación", pt: "Muita interpretação" }, { en: "Character and dialogue come first.", es: "Personajes y diálogo primero.", pt: "Personagens e diálogo em primeiro lugar." }),
  tag("combat-heavy", "theme", "⚔️", "swords", { en: "Combat heavy", es: "Mucho combate", pt: "Muito combate" }, { en: "Tactics and battles.", es: "Tácticas y batallas.", pt: "Táticas e batalhas." }),
  tag("exploration-heavy", "theme", "🧭", "compass", { en: "Exploration heavy", es: "Mucha exploración", pt: "Muita exploração" }, { en: "Dungeons, maps and mysteries.", es: "Mazmorras, mapas y misterios.", pt: "Masmorras, mapas e mistérios." }),
  tag("weekly", "scheduling", "📅", "calendar", { en: "Weekly", es: "Semanal", pt: "Semanal" }, { en: "Meets every week.", es: "Se juega cada semana.", pt: "Toda semana." }),
  tag("flexible-schedule", "scheduling", "🔄", "refresh", { en: "Flexible schedule", es: "Horario flexible", pt: "Horário flexível" }, { en: "Dates agreed with the group.", es: "Fechas acordadas con el grupo.", pt: "Datas combinadas com o grupo." }),
  tag("weekend-only", "scheduling", "🗓️", "calendar-days", { en: "Weekends only", es: "Solo fines de semana", pt: "Só fins de semana" }, { en: "Saturdays and Sundays.", es: "Sábados y domingos.", pt: "Sábados e domingos." }),
  tag("mexican-timezone", "scheduling", "🇲🇽", "clock", { en: "Mexico time zone", es: "Hora de México", pt: "Horário do México" }, { en: "Scheduled on Mexico City time.", es: "Con horario de la Ciudad de México.", pt: "No horário da Cidade do México." }),
  tag("morning-sessions", "scheduling", "🌅", "sunrise", { en: "Morning", es: "Por la mañana", pt: "De manhã" }, { en: "Between 9 and 12.", es: "Entre las 9 y las 12.", pt: "Entre 9 e 12 horas." }),
  tag("afternoon-sessions", "scheduling", "☀️", "sun", { en: "Afternoon", es: "Por la tarde", pt: "À tarde" }, { en: "Between 12 and 5 pm.", es: "Entre las 12 y las 17.", pt: "Entre 12 e 17 horas." }),
  tag("evening-sessions", "scheduling", "🌆", "sunset", { en: "Evening", es: "Al anochecer", pt: "No começo da noite" }, { en: "Between 5 and 9 pm.", es: "Entre las 17 y las 21.", pt: "Entre 17 e 21 horas." }),
  tag("night-sessions", "scheduling", "🌙", "moon", { en: "Night", es: "Por la noche", pt: "À noite" }, { en: "Between 9 pm and midnight.", es: "Entre las 21 y la medianoche.", pt: "Entre 21 horas e meia-noite." }),
  tag("spanish-speaking", "community", "🇪🇸", "languages", { en: "Spanish speaking", es: "En español", pt: "Em espanhol" }, { en: "Played in Spanish.", es: "Se juega en español.", pt: "Jogado em espanhol." }),
  tag("english-speaking", "community", "🇬🇧", "languages", { en: "English speaking", es: "En inglés", pt: "Em inglês" }, { en: "Played in English.", es: "Se juega en inglés.", pt: "Jogado em inglês." }),
  tag("bilingual", "community", "🌐", "globe", { en: "Bilingual", es: "Bilingüe", pt: "Bilíngue" }, { en: "More than one language at the table.", es: "Más de un idioma en la mesa.", pt: "Mais de um idioma na mesa." }),
  tag("latam", "community", "🌎", "globe-americas", { en: "Latin America", es: "Latinoamérica", pt: "América Latina" }, { en: "A table for Latin American players.", es: "Una mesa para jugadores de Latinoamérica.", pt: "Uma mesa para jogadores da América Latina." }),
];

const fold = (value: string) => value.normalize("NFD").replace(/\p{Diacritic}/gu, "").trim().toLowerCase();

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

export type TagChip = { id: string; label: string; emoji: string };

/** Stored tag names as chips for a detail page: predefined ones in the reader's language with their emoji. */
export const tagChips = (names: string[], lang: "es" | "en" | "pt"): TagChip[] =>
  names.map((name) => {
    const tag = resolveTag(name);
    return { id: tag.id, label: tag.predefined ? tagLabel(tag.predefined, lang) : tag.name, emoji: tag.predefined?.emoji ?? "🏷️" };
  });
