import { JOB_DEFINITIONS } from "./definitions";

export const JOB_TITLES: Record<string, string> = Object.fromEntries(JOB_DEFINITIONS.map((d) => [d.name, d.title]));
