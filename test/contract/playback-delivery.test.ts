// The delivery matrix against the shared server: its edge is nginx when nginx and njs are installed
// (the launcher starts it), else the Node media server.
import { sharedKinora } from "../support/server";
import { findNginx } from "../../src/server/media/edge/nginx.mjs";
import { deliveryMatrix } from "./playback-matrix";

const edge = findNginx(process.env).ok ? "nginx" : "node";
deliveryMatrix(`shared server, ${edge} edge`, { server: sharedKinora, edge });
