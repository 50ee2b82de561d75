package io.strata.e2e;

import java.util.Map;

/**
 * What one fault cost, as the fault suite measured it.
 *
 * @param fault what was done (kill -9 of which process, when)
 * @param victimPid the killed process's pid
 * @param secondsDown from the kill until the process answered ready (or its topics existed) again
 * @param lostOnLog per topic, committed records the log held before the fault and not after
 * @param unconsumed per consumer group and topic, records no consumer group committed past
 * @param faultSignals incidents the fault should raise (1) and those it raised (ids)
 * @param incidents distinct incident ids raised for the fault (1 expected: 0 is a lost signal)
 * @param patchesPerAction per approved action, the PATCHes the mock API applied with its marker
 * @param executedPerAction per approved action, EXECUTED records on the journal
 */
record FaultRow(
    String fault,
    long victimPid,
    long secondsDown,
    Map<String, Long> lostOnLog,
    Map<String, Long> unconsumed,
    int faultSignals,
    int incidents,
    Map<String, Long> patchesPerAction,
    Map<String, Long> executedPerAction) {

  long lost() {
    long lostSignals = Math.max(0, faultSignals - incidents);
    return lostOnLog.values().stream().mapToLong(Long::longValue).sum()
        + unconsumed.values().stream().mapToLong(Long::longValue).sum()
        + lostSignals;
  }

  int duplicated() {
    return Math.max(0, incidents - faultSignals);
  }
}
