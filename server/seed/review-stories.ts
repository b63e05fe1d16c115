import { insertReview, writeReply } from "../../app/modules/reviews/repo.server";
import { claimNotice } from "../../app/modules/sessions/notices-repo.server";
import { getDb } from "../../db/client.server";

type Story = { title: string; author: string; target: string; targetRole: "DM" | "PLAYER"; rating: number; comment: string; reply?: string };

/**
 * Reviews both ways on the demo's past sessions (booking-stories.ts), with one answer: Ana, who
 * hosts, is rated 4.7 from three reviews and answers Mateo's; Lucía is rated as a player by both
 * hosts. The people of those sessions count as already asked to review (the request-reviews job
 * would otherwise ask them on the first start).
 */
export async function seedReviewStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const stories: Story[] = [
    {
      title: "El Templo Hundido",
      author: "lucia@mesa.test",
      target: "ana.dm@mesa.test",
      targetRole: "DM",
      rating: 5,
      comment: "Ana narra como nadie: cada sala del templo tenía su secreto.",
    },
    {
      title: "El Templo Hundido",
      author: "mateo@mesa.test",
      target: "ana.dm@mesa.test",
      targetRole: "DM",
      rating: 4,
      comment: "Muy buena partida. El combate final se alargó un poco.",
      reply: "¡Gracias, Mateo! Para la próxima preparo un final más ágil.",
    },
    {
      title: "El Templo Hundido",
      author: "ana.dm@mesa.test",
      target: "lucia@mesa.test",
      targetRole: "PLAYER",
      rating: 5,
      comment: "Lucía llegó puntual y con su ficha lista; un gusto de jugadora.",
    },
    { title: "El Templo Hundido", author: "ana.dm@mesa.test", target: "mateo@mesa.test", targetRole: "PLAYER", rating: 4, comment: "Buen compañero de mesa." },
    {
      title: "Noite de Vampiro: A Máscara",
      author: "lucia@mesa.test",
      target: "bruno.dm@mesa.test",
      targetRole: "DM",
      rating: 5,
      comment: "Ambiente increíble, aunque fuera en portugués.",
    },
    {
      title: "Noite de Vampiro: A Máscara",
      author: "bruno.dm@mesa.test",
      target: "lucia@mesa.test",
      targetRole: "PLAYER",
      rating: 5,
      comment: "Ótima jogadora, entrou no clima da crônica.",
    },
    {
      title: "Taller de Fate para principiantes",
      author: "camila@mesa.test",
      target: "ana.dm@mesa.test",
      targetRole: "DM",
      rating: 5,
      comment: "Aprendi Fate em duas horas. Recomendo!",
    },
  ];
  let created = 0;
  for (const story of stories) {
    const session = await db.selectFrom("sessions").select("id").where("title", "=", story.title).where("status", "=", "COMPLETED").executeTakeFirst();
    const authorId = idOf(story.author);
    const targetId = idOf(story.target);
    if (!session || !authorId || !targetId) continue;
    const written = await insertReview(db, {
      sessionId: session.id,
      authorId,
      targetId,
      targetRole: story.targetRole,
      rating: story.rating,
      comment: story.comment,
      now,
    });
    if (!("id" in written)) continue;
    const { id } = written;
    created += 1;
    if (story.reply) await writeReply(db, { id, targetId, reply: story.reply, now });
    for (const userId of [authorId, targetId]) await claimNotice(db, session.id, userId, "review_requested", now);
  }
  return created;
}
