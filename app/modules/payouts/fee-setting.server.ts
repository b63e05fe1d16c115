import { getEnv } from "#app/env.server";

/** The platform's fee in basis points, as this deployment sets it (PLATFORM_FEE_BPS, validated 0–5000 at boot). */
export const platformFeeBps = () => getEnv().PLATFORM_FEE_BPS;
