// Every job handler; importing this module registers them (the worker imports it).
import { boxIngestJob } from "./box-ingest";

export const jobHandlers = [boxIngestJob];
export const jobTypes = jobHandlers.map((j) => j.type);
