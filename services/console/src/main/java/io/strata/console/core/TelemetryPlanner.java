package io.strata.console.core;

import io.strata.events.incident.DeviceEvidence;
import io.strata.events.incident.ExemplarTrace;
import io.strata.events.incident.Incident;
import io.strata.events.topic.KeyPartitioning;
import io.strata.events.topic.NodePartitioning;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Chooses what an incident page reads, from the partitioning contract (docs/EVENTS.md): a GPU's
 * samples and XIDs are on the partition of {@code cluster/node} ({@link NodePartitioning}), a
 * trace's spans on the partition of its trace id ({@link KeyPartitioning}, Kafka's default key
 * hash, which trace-ingest's producer uses). Times: the GPUs from {@link ConsoleState#AROUND_FAULT}
 * before the incident opened until as long after it resolved (or now); an exemplar trace around the
 * revision that first named it, since spans come before the incident that picks them.
 */
public final class TelemetryPlanner {

  /**
   * How far around its naming revision an exemplar trace's spans are looked for.
   *
   * @param traceBefore before the trigger window (or the revision) that named the trace
   * @param traceAfter after that revision (spans of a slow request may still arrive)
   */
  public record Windows(Duration traceBefore, Duration traceAfter) {}

  private TelemetryPlanner() {}

  /**
   * The reads of one incident's page.
   *
   * @param revisions the incident's kept revisions, oldest first (to date its exemplars)
   * @param partitions each topic's partition count; a kind without one (topic missing) is not read
   */
  public static List<TelemetryRead> plan(
      Incident incident,
      List<Incident> revisions,
      Map<TelemetryKind, Integer> partitions,
      Instant now,
      Windows windows) {
    List<TelemetryRead> reads = new ArrayList<>();
    Instant opened = incident.openedAt() == null ? now : incident.openedAt();
    boolean open = incident.resolvedAt() == null;
    Instant from = opened.minus(ConsoleState.AROUND_FAULT);
    Instant to = open ? now : incident.resolvedAt().plus(ConsoleState.AROUND_FAULT);
    Map<Integer, Set<String>> gpusBySamplePartition =
        gpusByPartition(incident, partitions.getOrDefault(TelemetryKind.SAMPLES, 0));
    gpusBySamplePartition.forEach(
        (p, gpus) -> reads.add(new TelemetryRead(TelemetryKind.SAMPLES, p, from, to, open, gpus)));
    gpusByPartition(incident, partitions.getOrDefault(TelemetryKind.XIDS, 0))
        .forEach(
            (p, gpus) -> reads.add(new TelemetryRead(TelemetryKind.XIDS, p, from, to, open, gpus)));
    int spanPartitions = partitions.getOrDefault(TelemetryKind.SPANS, 0);
    if (spanPartitions > 0) {
      Map<String, Set<String>> traces = new LinkedHashMap<>();
      Map<String, TelemetryRead> shapes = new LinkedHashMap<>();
      for (ExemplarTrace exemplar : incident.evidence().exemplarTraces()) {
        if (exemplar.traceId() == null || exemplar.traceId().isBlank()) {
          continue;
        }
        Incident naming = firstNaming(exemplar.traceId(), revisions, incident);
        Instant anchor = anchor(naming, now);
        Instant start =
            (naming.trigger() != null
                        && naming.trigger().windowStart() != null
                        && naming.trigger().windowStart().isBefore(anchor)
                    ? naming.trigger().windowStart()
                    : anchor)
                .minus(windows.traceBefore());
        Instant end = anchor.plus(windows.traceAfter());
        int p = KeyPartitioning.partition(exemplar.traceId(), spanPartitions);
        String shape = p + "/" + start + "/" + end;
        shapes.putIfAbsent(
            shape, new TelemetryRead(TelemetryKind.SPANS, p, start, end, false, Set.of()));
        traces.computeIfAbsent(shape, s -> new LinkedHashSet<>()).add(exemplar.traceId());
      }
      shapes.forEach(
          (shape, read) ->
              reads.add(
                  new TelemetryRead(
                      read.kind(),
                      read.partition(),
                      read.from(),
                      read.to(),
                      false,
                      traces.get(shape))));
    }
    return reads;
  }

  /** The GPUs a page shows (at most {@link ConsoleState#GPUS_PER_PAGE}), scope first. */
  static List<String> gpusOf(Incident incident) {
    Set<String> gpus = new LinkedHashSet<>(incident.scope().gpuUuids());
    incident.evidence().devices().forEach(d -> gpus.add(d.gpuUuid()));
    return gpus.stream().filter(g -> g != null).limit(ConsoleState.GPUS_PER_PAGE).toList();
  }

  /**
   * The node of a GPU as the incident names it (its device evidence, else an exemplar on it); empty
   * when only the scope's node list can tell.
   */
  static String knownNodeOf(Incident incident, String gpu) {
    for (DeviceEvidence device : incident.evidence().devices()) {
      if (gpu.equals(device.gpuUuid()) && device.node() != null) {
        return device.node();
      }
    }
    for (ExemplarTrace exemplar : incident.evidence().exemplarTraces()) {
      if (gpu.equals(exemplar.gpuUuid()) && exemplar.node() != null) {
        return exemplar.node();
      }
    }
    return null;
  }

  /**
   * Each partition holding a shown GPU's records and the GPUs on it. A GPU whose node the incident
   * does not name is looked for on the partitions of every scope node (a GPU is on one of them).
   */
  private static Map<Integer, Set<String>> gpusByPartition(Incident incident, int partitions) {
    Map<Integer, Set<String>> byPartition = new java.util.TreeMap<>();
    String cluster =
        incident.correlation().cluster() != null
            ? incident.correlation().cluster()
            : incident.scope().cluster();
    if (partitions < 1 || cluster == null || cluster.isBlank()) {
      return byPartition;
    }
    for (String gpu : gpusOf(incident)) {
      String node = knownNodeOf(incident, gpu);
      List<String> nodes = node != null ? List.of(node) : incident.scope().nodes();
      for (String candidate : nodes) {
        if (candidate == null || candidate.isBlank()) {
          continue;
        }
        int p = NodePartitioning.partition(cluster + "/" + candidate, partitions);
        byPartition.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(gpu);
      }
    }
    return byPartition;
  }

  /** The oldest kept revision whose evidence names the trace (the latest when none is kept). */
  private static Incident firstNaming(String traceId, List<Incident> revisions, Incident latest) {
    for (Incident revision : revisions) {
      for (ExemplarTrace exemplar : revision.evidence().exemplarTraces()) {
        if (traceId.equals(exemplar.traceId())) {
          return revision;
        }
      }
    }
    return latest;
  }

  private static Instant anchor(Incident revision, Instant now) {
    if (revision.updatedAt() != null) {
      return revision.updatedAt();
    }
    return revision.openedAt() != null ? revision.openedAt() : now;
  }
}
