/** The page's side of a crashed engine (client.ts restarts its worker). */

/** What a request under way gets when its engine crashed: the store sends its last good text again. */
export class EngineRestarted extends Error {
  override readonly name = 'EngineRestarted';
  constructor() {
    super('the engine stopped and was started again');
  }
}
