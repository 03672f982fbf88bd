import { apiContract } from "#schema/contracts/api/index.ts";
import { currentUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { createAlert, deleteAlert, listAlerts, updateAlert } from "./alerts.service.ts";
import { listNotifications, markRead } from "./notifications.service.ts";
import { getSettings, scheduledJobsRun, updateSettings } from "./settings.service.ts";
import { unsubscribeRoutes } from "./unsubscribe.routes.ts";

const {
  listAlerts: list,
  createAlert: create,
  updateAlert: update,
  deleteAlert: remove,
  getAlertSettings: getS,
  updateAlertSettings: putS,
  listNotifications: notes,
  markNotificationsRead: read,
} = apiContract;

/**
 * /api/alerts: the member's own alerts and settings only (each route carries the member guard: the
 * one-click unsubscribe under the same path is public, its token is the credential).
 */
export const alertsRoutes = contractRoutes(
  route(list, async (c) => c.json(await listAlerts(runtimeDeps(c), getDb(c.env.DB), currentUser(c)), 200)),
  route(create, async (c) => c.json(await createAlert(runtimeDeps(c), getDb(c.env.DB), currentUser(c), c.req.valid("json")), 201)),
  route(getS, async (c) =>
    c.json({ ...(await getSettings(getDb(c.env.DB), currentUser(c).id)), scheduledJobsRun: scheduledJobsRun(c.env) }, 200),
  ),
  route(putS, async (c) =>
    c.json(
      { ...(await updateSettings(getDb(c.env.DB), currentUser(c).id, c.req.valid("json"))), scheduledJobsRun: scheduledJobsRun(c.env) },
      200,
    ),
  ),
  route(update, async (c) =>
    c.json(await updateAlert(runtimeDeps(c), getDb(c.env.DB), currentUser(c).id, c.req.valid("param").id, c.req.valid("json")), 200),
  ),
  route(remove, async (c) => c.json(await deleteAlert(getDb(c.env.DB), currentUser(c).id, c.req.valid("param").id), 200)),
).route("/", unsubscribeRoutes);

/** /api/notifications: the bell. */
export const notificationsRoutes = contractRoutes(
  route(notes, async (c) => c.json(await listNotifications(getDb(c.env.DB), currentUser(c).id, c.req.valid("query").limit), 200)),
  route(read, async (c) => c.json(await markRead(getDb(c.env.DB), currentUser(c).id, c.req.valid("json")), 200)),
);
