// A calibration as a JSON file, for teams and pipelines: the features and coefficients, the data it
// was fitted on (level ids and counts), the rules and bots versions, the date and its report.
import * as z from 'zod/mini';
import '../zod.ts';
import { FEATURES } from './features.ts';
import type { Calibration } from './calibrate.ts';
import { predict, type FittedModel, type Prediction } from './fit.ts';

export const MODEL_FORMAT = 'match3-calibration';
export const MODEL_VERSION = 1;

const num = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
const count = z.int().check(z.gte(0));

export const ModelFile = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.literal(MODEL_VERSION),
  created: z.string(),
  rulesVersion: z.int(),
  botsVersion: z.int(),
  /** Games per tier the features were measured with. */
  games: z.int().check(z.gte(1)),
  features: z.array(z.string()),
  mean: z.array(num),
  sd: z.array(num.check(z.gt(0))),
  intercept: num,
  coefficients: z.array(num),
  covariance: z.array(z.array(num)),
  tau2: num.check(z.gte(0)),
  lambda: num.check(z.gte(0)),
  report: z.object({ useful: z.boolean(), cvMae: num, baselineMae: num, levels: z.int(), folds: z.int() }),
  data: z.array(z.object({ id: z.string(), name: z.optional(z.string()), attempts: count.check(z.gte(1)), successes: count })),
});
export type ModelFileT = z.infer<typeof ModelFile>;

export interface ModelMeta {
  created: Date;
  rulesVersion: number;
  botsVersion: number;
  games: number;
  names?: Record<string, string>;
}

export function toModelFile(cal: Extract<Calibration, { status: 'fitted' }>, meta: ModelMeta): ModelFileT {
  const m = cal.model;
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    created: meta.created.toISOString(),
    rulesVersion: meta.rulesVersion,
    botsVersion: meta.botsVersion,
    games: meta.games,
    features: [...FEATURES],
    mean: m.mean,
    sd: m.sd,
    intercept: m.beta[0],
    coefficients: m.beta.slice(1),
    covariance: m.cov,
    tau2: m.tau2,
    lambda: m.lambda,
    report: { useful: cal.useful, cvMae: cal.cvMae, baselineMae: cal.baselineMae, levels: cal.levels.length, folds: cal.folds },
    data: cal.levels.map((l) => ({ id: l.id, ...(meta.names?.[l.id] ? { name: meta.names[l.id] } : {}), attempts: l.attempts, successes: l.successes })),
  };
}

/** Reads a model file; refuses one whose features are not this version's, or whose shapes disagree. */
export function parseModelFile(text: string): { ok: true; model: ModelFileT } | { ok: false; error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${(e as Error).message}` };
  }
  const r = ModelFile.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, error: `${i.path.join('.') || '(root)'}: ${i.message}` };
  }
  const m = r.data, p = FEATURES.length;
  if (m.features.join(',') !== FEATURES.join(',')) return { ok: false, error: `features: this studio computes ${FEATURES.join(', ')}; the model has ${m.features.join(', ')}` };
  if (m.mean.length !== p || m.sd.length !== p || m.coefficients.length !== p) return { ok: false, error: `coefficients: ${p} values expected for mean, sd and coefficients` };
  if (m.covariance.length !== p + 1 || m.covariance.some((row) => row.length !== p + 1)) return { ok: false, error: `covariance: a ${p + 1}×${p + 1} matrix expected` };
  return { ok: true, model: m };
}

export function fittedOf(m: ModelFileT): FittedModel {
  return { mean: m.mean, sd: m.sd, beta: [m.intercept, ...m.coefficients], cov: m.covariance, tau2: m.tau2, lambda: m.lambda };
}

/** A level's predicted player figures from a model file (null when the model is not useful). */
export function predictWith(m: ModelFileT, x: readonly number[]): Prediction | null {
  return m.report.useful ? predict(fittedOf(m), x) : null;
}
