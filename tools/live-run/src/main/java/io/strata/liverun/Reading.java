package io.strata.liverun;

import java.util.List;
import java.util.Map;

/**
 * What one look at the running system returned: offsets, each process's CPU ticks, each service's
 * metrics. Two consecutive readings make one {@link Tick}.
 *
 * @param cpuTicks process → utime + stime (absent when it does not run)
 * @param metrics service → its /q/metrics series (empty when it did not answer)
 */
record Reading(
    long atMillis,
    KafkaProbe.Snapshot kafka,
    Map<String, Long> cpuTicks,
    Map<String, List<PromText.Series>> metrics) {}
