// GET /api/health: what a load balancer's probe reads.
import { z } from 'zod';

export const healthUpSchema = z.strictObject({ ok: z.literal(true), db: z.literal('up') });
export const healthDownSchema = z.strictObject({ ok: z.literal(false), db: z.literal('down'), message: z.string() });
export type HealthUp = z.output<typeof healthUpSchema>;
export type HealthDown = z.output<typeof healthDownSchema>;
