// Every job handler; importing this module registers them (the worker imports it).
import { boxIngestJob } from "./box-ingest";
import { boxNotifyJob } from "./box-notify";

export const jobHandlers = [boxIngestJob, boxNotifyJob];
export const jobTypes = jobHandlers.map((j) => j.type);
