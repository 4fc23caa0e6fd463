/**
 * Earlier definitions of each machine whose records still replay on today's (see EarlierVersion in
 * machineVersion.ts). A log exported before a refactor keeps verifying and replaying, and an unfinished flow keeps
 * resuming, as long as the refactor changed no state, event or context field that the log recorded. Add an entry
 * only after replaying a log of that version (tests/unit/eventLog/storedLogs.test.ts keeps such logs).
 */
import { createMachine, type AnyStateMachine } from 'xstate';
import type { EarlierVersion } from './machineVersion.ts';

/** Issue 16 (decision 0031) named every action and guard and typed the effects: same states, events and context. */
const BEFORE_NAMING = 'before its actions and guards were named and its effects typed (issue 16, at dee7dfe)';

/**
 * appSession at dee7dfe kept neither the connected account nor the page's visibility (decision 0031 added both),
 * nor the appearance settings (theme preference, the system's scheme, token logos: issue 17 added them).
 */
const appSessionBeforeRouting = ({ account: _account, visible: _visible, themePreference: _preference, systemTheme: _system, tokenLogos: _logos, saveFailure: _failure, ...kept }: Record<string, unknown>) =>
  kept;

/** appSession before decision 0050 did not keep a failed write of the event log (it stopped instead). */
const appSessionBeforeSavePause = ({ saveFailure: _failure, ...kept }: Record<string, unknown>) => kept;

/**
 * appSession before decision 0050 had no event-log region beside the gateway check: `running` was the gateway
 * check alone, and its event log was always saving (a failed write stopped the app, outside `running`).
 */
const appSessionValueBeforeSavePause = (value: unknown): unknown => {
  const running = typeof value === 'object' && value !== null && 'running' in value ? (value as { running: unknown }).running : null;
  return typeof running === 'object' && running !== null && 'gateway' in running ? { running: (running as { gateway: unknown }).gateway } : value;
};

/**
 * customApps and openApp before decision 0052 had no `localHttpApps` (their screens' streams are not captured, so no
 * log of them is known; a record of that version replays as https-only, which refuses only what the served CSP
 * already refused there: an http app outside the devnet).
 */
const safeAppsBeforeLocalHttp = ({ localHttpApps: _local, ...kept }: Record<string, unknown>) => kept;
const BEFORE_LOCAL_HTTP = 'before the URL rule of decision 0052 (https only; http on this computer on the devnet) and its `localHttpApps`';
/** Decision 0051 added a `notOffered` state and the transitions into it: same events, context fields and other states. */
const BEFORE_NOT_OFFERED = 'before a gateway without the endpoint was "not offered" (decision 0051, at 6600177)';

/**
 * localData before decision 0056 had no `tokens` region (tokens added per chain) and none of its context fields.
 * A record of that version could not have left the region's idle state, so its value is today's without it.
 */
const localDataBeforeTokens = ({ addedTokens: _t, tokenDraft: _d, checkedToken: _c, tokenError: _e, tokenSaved: _s, ...kept }: Record<string, unknown>) => kept;
const localDataValueBeforeTokens = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || !('ready' in value)) return value;
  const ready = (value as { ready: unknown }).ready;
  if (typeof ready !== 'object' || ready === null) return value;
  const { tokens: _tokens, ...regions } = ready as Record<string, unknown>;
  return { ready: regions };
};

/**
 * Decision 0075 added the on-device step to the account services' personal_sign signatures: checkingOnDevice,
 * walletError and their events, entered only with a device in the input and a time in the event.
 */
const ACCOUNT_DEVICE_CHECK =
  'before an owner on a device checked its screen first (decision 0075, at ebdb3f9): same states, events and context for a wallet without a device (events without nowMs, no device, no deviceCheck)';

/** A state node of a machine's config, as far as an earlier definition built from today's needs to see it. */
type ConfigNode = Record<string, unknown> & { on?: Record<string, unknown>; states?: Record<string, ConfigNode> };

/**
 * Decision 0084: push, e-mail, recovery and proposers take `system.deviceChanged` (the device the wallet signs on,
 * read or changed while the card runs) instead of a new actor: one transition at the root and one out of each
 * on-device step state, on an event no record of an earlier version has.
 */
const BEFORE_DEVICE_CHANGES =
  'before a device read or changed while the card ran was told to it (decision 0084, at 6542365): same states, context and other events; no record of that version has system.deviceChanged';

/**
 * Decision 0088: the same four take `system.signerChanged` (the Safe's owners or the connected account changed while
 * the card runs) instead of a new actor: at the root, out of each on-device step state and each request being signed
 * or sent (and e-mail's notOffered); push's `kept` is set only by it. No record of an earlier version has the event.
 */
const BEFORE_SIGNER_CHANGES =
  'before a change of the Safe’s owners or of the connected account was told to the running card (decision 0088, at 295b4dd): same states, context and other events; no record of that version has system.signerChanged';

/** A config node without the transitions on `type` anywhere (an event added since an earlier version). */
const withoutEvent = (node: ConfigNode, type: string): ConfigNode => {
  const { on, states, ...rest } = node;
  const kept = on ? Object.fromEntries(Object.entries(on).filter(([event]) => event !== type)) : undefined;
  return {
    ...rest,
    ...(kept && Object.keys(kept).length > 0 ? { on: kept } : {}),
    ...(states ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, withoutEvent(child, type)])) } : {}),
  };
};

/**
 * emailAlerts at 9e9f73e (decision 0075), built from today's definition without system.deviceChanged (decision 0084) and
 * system.signerChanged (decision 0088): no askingGateway (decision 0078); an owner's
 * request on a device (resting's user.show, user.submitEmail, user.delete into askingGateway today) went straight to
 * checkingOnDevice and computed the check on the way (assignEmailCheck, today askingGateway's onDone). Same actions,
 * guards and effects otherwise. Its definition hash is that version's (tests/unit/eventLog/earlierMachines.test.ts).
 */
const emailAlertsBeforeAskingGateway = (today: AnyStateMachine): AnyStateMachine => {
  const config = withoutEvent(withoutEvent(today.config as unknown as ConfigNode, 'system.deviceChanged'), 'system.signerChanged');
  const { askingGateway: _asking, ...states } = config.states ?? {};
  const resting = states['resting'] ?? {};
  const direct = (transition: unknown): unknown => {
    const t = transition as { target?: unknown; actions?: unknown };
    return t.target === 'askingGateway' ? { ...t, target: 'checkingOnDevice', actions: [...[t.actions].flat(), 'assignEmailCheck'] } : transition;
  };
  const on = Object.fromEntries(Object.entries(resting.on ?? {}).map(([event, transitions]) => [event, Array.isArray(transitions) ? transitions.map(direct) : direct(transitions)]));
  return createMachine({ ...config, states: { ...states, resting: { ...resting, on } } } as never, today.implementations as never) as AnyStateMachine;
};

/**
 * safeSession before decision 0090 (at 295b4dd), built from today's definition: `watching` had no watcher; its 15 s
 * timer went to `refreshing`, which polled once (`pollSafeInfo`) and came back; no `retrying` (a failed poll went back
 * to `watching`). Same states, actions, guards and
 * effects otherwise; its records carry `xstate.after.pollInterval…` and `xstate.done.actor.pollSafeInfo` at every poll.
 */
const safeSessionBeforeWatching = (today: AnyStateMachine): AnyStateMachine => {
  const config = today.config as unknown as ConfigNode;
  const ready = config.states?.['ready'] ?? {};
  const info = ready.states?.['info'] ?? {};
  const { invoke: _watcher, meta: _meta, ...watching } = info.states?.['watching'] ?? {};
  const before = { meta: { description: 'Safe info is polled every 15 s' }, after: { pollInterval: 'refreshing' }, ...watching };
  const { retrying: _retrying, ...infoStates } = info.states ?? {};
  const states = { ...config.states, ready: { ...ready, states: { ...ready.states, info: { ...info, states: { ...infoStates, watching: before } } } } };
  return createMachine({ ...config, states } as never, today.implementations as never) as AnyStateMachine;
};

/** delegatesList before owners managed proposers (at c673c1b) kept neither the signer nor a change's request, signature, field error or notice. */
const delegatesBeforeProposers = ({ signer: _s, request: _r, signature: _g, fieldError: _f, notice: _n, ...kept }: Record<string, unknown>) => kept;

/** details at dee7dfe did not say what kind of failure its error was (issue 17 added `errorKind`). */
const detailsBeforeErrorKinds = ({ errorKind: _errorKind, ...kept }: Record<string, unknown>) => kept;

export const EARLIER_VERSIONS: Readonly<Record<string, readonly EarlierVersion[]>> = {
  // Issue 19 (decision 0070): the execution-hash step before a device sends a spend; entered only with a `device` on the wallet.
  allowanceTransfer: [
    { hash: 'f23e6953d1cf5573a4cf764911e7d746fc8cfb0dc36c016b166922a247f4e06f', note: 'before a device sending a spend checked its execution hash first (issue 19, at 88efde0): same states, events and context for a wallet without a device' },
    // Issue 19 (decision 0074): wallet.changed to another wallet (or none) in preparingExecution / checkingExecution
    // returns to the review (it only stored the wallet before). Those states are entered only with a `device`; a
    // record of that version replays unless its wallet changed during the check (it then stayed in the check).
    {
      hash: '94e90a94107095e816de408502e86156190c1e20186f951dd289a8d6eed92f80',
      note: 'before another wallet during the execution-hash check returned to the review (issue 19, decision 0074, at 78f5199): same states, events and context; a record whose wallet changed mid-check does not replay',
    },
  ],
  addressBook: [{ hash: '7eb960da6ca582d6685b7cc4a56b406bf74f02739a3ca008f9828b3a1430e645', note: BEFORE_NAMING }],
  appPermissions: [{ hash: '8eb7be96094784fbeae464a234b5e933ae07e67261059d62591ad230a302af9a', note: BEFORE_NAMING }],
  appSession: [
    {
      hash: '40932cf3dae2b83e7ab73eeb7fdad827db2b899d23aef6bea75cadad42c2a8df',
      note: `${BEFORE_NAMING}; before it routed its children's reports`,
      context: appSessionBeforeRouting,
      value: appSessionValueBeforeSavePause,
    },
    {
      hash: '397dfc6337f35d905096e3647abf52834a8abbc4a54c35e6dd4ce04dbab59095',
      note: 'before a failed write paused signing instead of stopping the app (decision 0050, at 87620ca): no event-log region, no saveFailure',
      context: appSessionBeforeSavePause,
      value: appSessionValueBeforeSavePause,
    },
  ],
  bridgeRequest: [{ hash: 'd17e61381ec59ea5d3ca851dbe2a480586e875d75fe99b497ae1ed23a8453e38', note: BEFORE_NAMING }],
  bridgeSession: [{ hash: 'c6bad95329ec2807a00ad147917616652a94cdf7e78de1b56c7a1721f968b9dc', note: BEFORE_NAMING }],
  bulkExecuteFlow: [{ hash: '804e75b74c9e9f67a7b944ee9a12ae6c012ca1256805c621fb671cf02e057d57', note: BEFORE_NAMING },
    // Issue 19 (decision 0070): the execution-hash step (preparingExecution, checkingExecution, user.confirmOnDevice,
    // user.back) and four device error states, entered only when the flow's wallet carries a `device`, which no record
    // of that version has; deviceCheck, execution and deviceChanges stay absent without one.
    { hash: '9b5a9b3412ab7e4f8041885c1d537712536401475bee18b68ee76e76d663cabb', note: 'before a device executing a batch checked its execution hash first (issue 19, at 88efde0): same states, events and context for a wallet without a device' },
    // Issue 19 (decision 0074): wallet.changed to another wallet in preparingExecution / checkingExecution returns to
    // the review (it only stored the wallet before; none still goes to walletError.disconnected), and the step's states
    // are built by executionStepOf (checkingExecution lists user.cancel first). Entered only with a `device`.
    {
      hash: '75b4eca3b19b154c5eebddc286c724058cbff831e5875dd658ed22e433416498',
      note: 'before another wallet during the execution-hash check returned to the review (issue 19, decision 0074, at 78f5199): same states, events and context; a record whose wallet changed mid-check does not replay',
    },
  ],
  createSafe: [
    { hash: '26a4b07a079129c737b8fc6bf7b5aa54e10b775fd297caea81697f4587bea25b', note: BEFORE_NAMING },
    // The form's name is an optional field, absent unless typed, so an earlier visit's context is as it was recorded.
    { hash: 'd46f49090aa8ff0bd9fbbf2ea964fccf7d55ce345c9b7861e10108bb0443f887', note: 'before the form had a name for the new Safe (at 6fbb5b1)' },
    // Issue 19 (decision 0070): the execution-hash step before a device deploys; entered only with a `device` on the wallet.
    { hash: 'b342b691e36cfc378a3e32b30fcf1d3a41eb8ba1a3a8db865334c817784e385a', note: 'before a device deploying a Safe checked its execution hash first (issue 19, at 88efde0): same states, events and context for a wallet without a device' },
  ],
  customApps: [
    { hash: '2b2018d24d3c5ee3ce1f206c0766dcc4826fa1e806385c40d7073783232ca89d', note: BEFORE_NAMING, context: safeAppsBeforeLocalHttp },
    { hash: '450419824fb1ae9b03f953f2778320e0bea6edad5d181a1a1f3a657910ecb0b3', note: BEFORE_LOCAL_HTTP, context: safeAppsBeforeLocalHttp },
  ],
  delegatesList: [
    { hash: '8dd5a95fd7d5531741616e522e16c0e7b02aaf106cbd28ae3a7fbd7fef970579', note: BEFORE_NAMING, context: delegatesBeforeProposers },
    {
      hash: 'f1abc5cb01a685e52794fc45c6d15e9d2cc1ee1a55a86845c7bb2f8e5d116c7d',
      note: 'before owners added, renamed and removed proposers (at c673c1b): same states and events, and user.refresh, which now also clears the notice and field error',
      context: delegatesBeforeProposers,
    },
    // Issue 19 (decision 0069) added checkingOnDevice, walletError and user.confirmOnDevice / user.cancel, entered only
    // when the input carries a `device` and the change's event its `nowMs`; a record of that version has no device,
    // so device and deviceCheck stay absent (its events carry no nowMs, so its requests have none either).
    {
      hash: 'e0ac63dd5bf6dbed10a018ab34f222647d05da8d0bade9c1fbc4f49e5204fa21',
      note: 'before an owner on a device checked its screen first (issue 19, decision 0069, at 88efde0): same states, events and context for a wallet without a device',
    },
    // Decision 0075: Try again after a device's failure takes the retry's time (user.retry's optional nowMs) and
    // recomputes the check; the failure routes and walletError states are now built by accountServices.logic.ts.
    {
      hash: 'bfa5c9920349bb971410c4bb120d76d1108e3f338f75d34680cea0349bcf3200',
      note: 'before Try again took the time of the retry (decision 0075, at ebdb3f9): same states, events and context; a user.retry without nowMs keeps the first time',
    },
    { hash: '9c5536f68c01e3bc04b8605e4915997b443f4d3127f07c635e1153506ac5b3cc', note: BEFORE_DEVICE_CHANGES },
    { hash: '9270390bdc18e5007d65ba5010ed0ad9a45f8a98a14ed2fbcee4c96f42efad92', note: BEFORE_SIGNER_CHANGES },
  ],
  deleteTxFlow: [
    { hash: 'f89a7c538d4719e3c61cd58f574e4deea50aaa2b0249b52f779ee0fbf994c683', note: BEFORE_NAMING },
    // Issue 19 (decision 0069) added checkingOnDevice, user.confirmOnDevice and five device error states, entered only
    // when the flow's wallet carries a `device`; without one confirmDelete still goes to signing and deviceCheck stays absent.
    {
      hash: '3a8e0f5a95f504a4751dc0c5e6f20bcc8c567cf5626c5e12d2743033792cc075',
      note: 'before a proposer on a device checked its screen first (issue 19, decision 0069, at 88efde0): same states, events and context for a wallet without a device',
    },
  ],
  details: [{ hash: '4787cc0e8650a45894db4514c11123adcc230bf1b44104ad2b6b5dd9efffff57', note: `${BEFORE_NAMING}; before errors said their kind`, context: detailsBeforeErrorKinds }],
  emailAlerts: [
    { hash: '6426ccaf06259f8267b38bbb6afe19a8dc760ec8d0850dedc71868002f995f0e', note: BEFORE_NAMING },
    // Decision 0051 added the state notOffered (a gateway without e-mail endpoints) and its transitions only.
    { hash: 'ed6c69d70c3b8acfd16b0e1cef0a29a17fefb1a6b5c9cc5124d924cc1543435a', note: BEFORE_NOT_OFFERED },
    // Decision 0075 added checkingOnDevice, walletError and user.confirmOnDevice / user.cancel / user.retry, entered only
    // when the input carries a `device` and the event its `nowMs`; a record of that version has neither, so device and
    // deviceCheck stay absent and its requests carry no nowMs (the effect read the clock, as its logs recorded).
    { hash: 'bfb5e30acced2e88d827129c2d6f537971139b14ac91a9d729b92b0725695118', note: ACCOUNT_DEVICE_CHECK },
    // Decision 0078 added askingGateway (checkEmailOffered) between an owner's device request (user.show / submitEmail /
    // delete with a device and a nowMs) and checkingOnDevice: same context, events and other states. A record of that
    // version in which an owner on a device made such a request went on to checkingOnDevice with no event between, so
    // its records replay on that version's own definition (decision 0084), built from today's.
    {
      hash: '86ee47f4afd2b38b5a02c7597ad90338a2d4846ec39c75797382d95f56b09b0a',
      note: 'before an owner on a device waited for the gateway to say it offers e-mail alerts (decision 0078, at 9e9f73e): replayed on its own definition (no askingGateway; a device request went straight to the check)',
      machine: emailAlertsBeforeAskingGateway,
    },
    { hash: 'cfa6cfb8e510bf85e4d7a5fa4453cb98ef86eba5931abf62e4485db8a33b751c', note: BEFORE_DEVICE_CHANGES },
    { hash: '8287381e5d1a4c787430d96d1916e5870dc6aea2da28078247558be4fb8030e0', note: BEFORE_SIGNER_CHANGES },
  ],
  localData: [
    {
      hash: 'c7b2b3867513c1100411b657ed229d987ccd01ea8dcb84a5da8df861d06b61f0',
      note: 'before tokens could be added per chain (decision 0056): no tokens region, no token fields',
      context: localDataBeforeTokens,
      value: localDataValueBeforeTokens,
    },
  ],
  loadSafe: [{ hash: '979bf8435ef894d8e2889a0ff0cd469dab60f9c106cd2da20f2d25e57e9bc5c1', note: BEFORE_NAMING }],
  messageFlow: [
    // The definition did not change between issue 16 and issue 19 (the same hash). Issue 19 (decision 0067) added the
    // checkingOnDevice state, user.confirmOnDevice and five device error states, entered only when the flow's wallet
    // carries a `device`, which no record of that version has; deviceCheck stays absent without one.
    {
      hash: '7cee80ebf0786aaaeeb483702388bec386a854c7cef7c0f30beb8b8425c1c0a4',
      note: `${BEFORE_NAMING}; also before signers on a device checked its screen first (issue 19, at f1b8c03): same states, events and context for a wallet without a device`,
    },
  ],
  myAccounts: [
    { hash: '1417c381365b4bb9d334db4da79c97918afaa73249f244e1b1445d31cf10cdee', note: BEFORE_NAMING },
    // Decision 0064 added pinning (user.setTrusted → pinning → ready) and `trustError`, absent until a pin fails.
    { hash: '7d5e18f319c3690e8426848e69bc071730388b391632930382ac5094871d3acb', note: 'before Safes could be pinned as trusted (decision 0064, at d42a0a1): same states, events and context otherwise' },
  ],
  openApp: [
    { hash: '0b5fd9142f0a6e8af6ebdcce29724dc84b5e4150e34edac130351aa94844cf26', note: BEFORE_NAMING, context: safeAppsBeforeLocalHttp },
    { hash: '7840fa9cb4a60cfc887744f1642e71173b76de659a5e8ac940ac83ff4f4e8b11', note: BEFORE_LOCAL_HTTP, context: safeAppsBeforeLocalHttp },
  ],
  pagedList: [
    // Decision 0072 gave `loaded` the substates annotation → annotating → complete and the context field `annotated`
    // (false unless the input asks): a record of the earlier version is in plain `loaded` and keeps no `annotated`.
    {
      hash: '9c16332584848c862c9da12c12f191b28fcd47f9e3c3bf08311103b629f93f2a',
      note: 'before an annotated list (the NFTs) showed its items before their queued marks (decision 0072); the same before the naming of issue 16',
      context: ({ annotated: _annotated, ...kept }: Record<string, unknown>) => kept,
      value: (value: unknown) => (typeof value === 'object' && value !== null && 'loaded' in value ? 'loaded' : value),
    },
  ],
  pushNotifications: [
    { hash: 'ae72361ae8543d6801d2ce75ee0adc7e8b7cd3f827678c1beea3f663ba785ccb', note: BEFORE_NAMING },
    // Decision 0075: as emailAlerts; also `registrationIds` and `nowMs`, set only from outputs and events that records
    // of that version do not have (its loadDevice output had no registrationIds, its user.register no nowMs).
    { hash: '824e2abe4e08a6390b5f968ff63c831d198ca87e055b14828bcfa12fab104e22', note: ACCOUNT_DEVICE_CHECK },
    { hash: 'a06b6bcd4034fa367b8514801c012484059e6d5152640c8f97310d2ad6118afe', note: BEFORE_DEVICE_CHANGES },
    { hash: 'fd691ba4b916ad32e7eed99bd579d4e5e5b4fe0b864c3c8efa93b66b4c9be3ef', note: BEFORE_SIGNER_CHANGES },
  ],
  recoveryRegistration: [
    { hash: 'a047f51233b39a69ec2b5a60170283935fe27d584513201fb2443710dc8295e0', note: BEFORE_NAMING },
    { hash: 'd79342636374634d21975da2338bc48ade97728c53061d905723180f52f98124', note: ACCOUNT_DEVICE_CHECK },
    { hash: '2a0a4b762ae955e4c437b744b3bf763aa450d6ba1ca530f080e81ffb3d658649', note: BEFORE_DEVICE_CHANGES },
    { hash: 'ecd3cc005c5c622c647f1462e54c2ee4ccc0231b0cac60587b2bdb5fb7b8c7a4', note: BEFORE_SIGNER_CHANGES },
  ],
  safeAppsList: [{ hash: '79ce57aa2a3efd90696e97a86f9852cf06d417a896ff721313b04ca84baf7372', note: BEFORE_NAMING }],
  safeSession: [
    // The versions before 0090 polled with the timer: their records replay on 0090's earlier definition (the newest of
    // them, whose hash it has), as they replayed on that definition while it was today's.
    { hash: '6f8dd5cd77484cdf969152106f3bb8e7fa0a4311c443e05757b32edfa1571415', note: BEFORE_NAMING, machine: safeSessionBeforeWatching },
    // Decision 0056 added one transition (system.tokensChanged reloads the balances): same states, context and other events.
    {
      hash: '7f4e37395c5e994a3a550ebde53cdc9c64a43c48578b5b7838d9f1b7d65a1cc9',
      note: 'before added tokens reloaded the balances (decision 0056)',
      machine: safeSessionBeforeWatching,
    },
    // Decision 0064 added the lookAlike state, entered only when an opening's Safe info carries `lookAlike` (set by
    // the services, never in a record of that version), its two events and two context fields absent until then.
    {
      hash: '9cbd47e0842b50cf6a09fe17f3c5bf8bc89b35dac04f339efe755603f85635ae',
      note: 'before a look-alike Safe was warned about on opening (decision 0064, at d42a0a1): same states, events and context otherwise',
      machine: safeSessionBeforeWatching,
    },
    {
      hash: '06ce3f38cf34454bdaba9e249f469c8cd21c632950af057c9952f1868692e1c2',
      note: 'before a poll that found Safe info unchanged was no event (decision 0090, at 295b4dd): replayed on its own definition (watching ─after 15 s─► refreshing)',
      machine: safeSessionBeforeWatching,
    },
  ],
  transactionFlow: [
    { hash: '033cbd385b296e8272186408890bdc773ae4d6575e108984034833690621c14b', note: BEFORE_NAMING },
    {
      hash: 'bfebbb1f2ba7903c6e66f611c8aee6db5d5898d477289fcd3366b3600c464c25',
      note: 'before a proposer (not an owner) could propose (issue 21, at 09fee25): a checkingProposer state, user.propose and the propose intent added; same other states, events and context fields (proposedAs is absent unless proposed)',
    },
    // Issue 19 (decision 0067) added the device steps (checkingOnDevice, preparingExecution, checkingExecution), the
    // event user.confirmOnDevice and five device error states. They are entered only when the flow's wallet carries a
    // `device`, which no record of that version has; deviceCheck, execution and deviceChanges stay absent without one.
    {
      hash: '72c49a1b94bab24a4f71170539d597fa0674e7d75c96086e70711e8120a37c9f',
      note: 'before signers on a device checked its screen first (issue 19, at f1b8c03): same states, events and context for a wallet without a device',
    },
  ],
  unsubscribe: [
    { hash: 'db5870dac5c20ded8b104cfb32b29b9e6a202a51133ca787eef616aea3fba20d', note: BEFORE_NAMING },
    { hash: '94d6b9a61b9ee76899e84b70c01cf1fc98a3a079b679be863e29f3736eff3cd0', note: BEFORE_NOT_OFFERED },
  ],
  walletConnection: [
    { hash: '744556f7565db5eacc04b89a343f595869ea330fce0d8a898d10c9adb73b1a57', note: BEFORE_NAMING },
    {
      hash: '9ae5bd6bb15ea2464b50c5826d7d743389c119f2e984666ff3990268b855cd25',
      note: 'before a connected wallet could report another device (issue 19, wallet.deviceChanged added): same states and context; no record of that version has the event',
    },
  ],
};
