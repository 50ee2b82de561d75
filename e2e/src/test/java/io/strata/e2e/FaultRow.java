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
 * @param incidents distinct incident ids live for the fault
 * @param signalsLost failed nodes no live incident holds in its scope
 * @param duplicated incidents beyond one per failed node (a node in two incidents, or a
 *     request-level incident of the node's workload beside the device incident)
 * @param patchesPerAction per approved action that was executed, the PATCHes the mock API applied
 *     with its marker
 * @param executedPerAction per approved action that was executed, its EXECUTED records
 * @param refused approved actions a guard refused (the blast radius)
 * @param patchesOfRefused PATCHes the mock API applied for the refused ones (0 expected)
 */
record FaultRow(
    String fault,
    long victimPid,
    long secondsDown,
    Map<String, Long> lostOnLog,
    Map<String, Long> unconsumed,
    int incidents,
    int signalsLost,
    int duplicated,
    Map<String, Long> patchesPerAction,
    Map<String, Long> executedPerAction,
    int refused,
    long patchesOfRefused) {

  long lost() {
    return lostOnLog.values().stream().mapToLong(Long::longValue).sum()
        + unconsumed.values().stream().mapToLong(Long::longValue).sum()
        + signalsLost;
  }
}
