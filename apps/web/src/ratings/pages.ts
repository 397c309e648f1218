/** The ratings' screens, loaded together when either is first opened (app.tsx). */

export { Leaderboards } from "./Leaderboards";
export { Profile } from "./Profile";
