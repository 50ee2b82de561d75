package io.strata.deviceingest.presence;

import io.strata.deviceingest.naming.FieldNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * "A configured field is not a field that has data", judged per GPU. Only lines that carry a GPU
 * identity count: a field on an NvSwitch or CPU line says nothing about the GPUs.
 *
 * <ul>
 *   <li>The target's missing set: expected fields that no GPU of its page reports (all of them when
 *       the page has no GPU line at all).
 *   <li>A GPU's missing set: expected fields other GPUs of the same page report and this one does
 *       not (a GPU that reports almost nothing among complete ones).
 * </ul>
 *
 * Each is reported on the first scrape when something is missing and whenever it changes
 * afterwards, never on every scrape. A GPU that leaves the page is forgotten.
 *
 * <p>A field of the naming table counts as present under either of its names: an expected field may
 * be configured by its legacy or its standard name, and findings list it as configured.
 */
public final class FieldPresenceTracker {

  private final List<String> expected;
  // The name each expected field is present under (a renamed field's legacy name), by expected.
  private final Map<String, String> presentAs = new HashMap<>();
  private final Map<String, List<String>> missingByTarget = new ConcurrentHashMap<>();
  private final Map<String, Map<String, List<String>>> gpuMissingByTarget =
      new ConcurrentHashMap<>();

  public FieldPresenceTracker(List<String> expected) {
    this(expected, FieldNames.shipped());
  }

  /** {@code names}: the naming table the page's present names were canonicalised with. */
  public FieldPresenceTracker(List<String> expected, FieldNames names) {
    List<String> kept = new ArrayList<>();
    Set<String> fields = new HashSet<>();
    for (String name :
        expected.stream().map(String::trim).filter(s -> !s.isEmpty()).sorted().toList()) {
      String canonical = names.canonical(name);
      // A field configured under both its names is one field.
      if (fields.add(canonical)) {
        kept.add(name);
        presentAs.put(name, canonical);
      }
    }
    this.expected = List.copyOf(kept);
  }

  /**
   * Records what a successful scrape of {@code target} carried, per GPU; returns what to report.
   *
   * @param presentByGpu per GPU UUID, the DCGM names on its lines (as metric or label names), a
   *     renamed field's under its legacy name
   */
  public Presence observe(String target, Map<String, Set<String>> presentByGpu) {
    Set<String> anyGpu = new HashSet<>();
    presentByGpu.values().forEach(anyGpu::addAll);
    List<String> missing =
        expected.stream().filter(f -> !anyGpu.contains(presentAs.get(f))).toList();
    List<String> before = missingByTarget.put(target, missing);
    Optional<PresenceChange> pageChange = change(before, missing);

    Map<String, List<String>> previous = gpuMissingByTarget.getOrDefault(target, Map.of());
    Map<String, List<String>> now = new HashMap<>();
    Map<String, PresenceChange> gpuChanges = new TreeMap<>();
    presentByGpu.forEach(
        (gpu, present) -> {
          List<String> lacking =
              expected.stream()
                  .filter(
                      f -> anyGpu.contains(presentAs.get(f)) && !present.contains(presentAs.get(f)))
                  .toList();
          now.put(gpu, lacking);
          change(previous.get(gpu), lacking).ifPresent(c -> gpuChanges.put(gpu, c));
        });
    gpuMissingByTarget.put(target, now);
    return new Presence(pageChange, gpuChanges);
  }

  private static Optional<PresenceChange> change(List<String> before, List<String> missing) {
    if (before == null) {
      return missing.isEmpty() ? Optional.empty() : Optional.of(new PresenceChange(missing, true));
    }
    return before.equals(missing)
        ? Optional.empty()
        : Optional.of(new PresenceChange(missing, false));
  }

  /** How many expected fields no GPU of the target's last page reported; 0 when never scraped. */
  public int missingCount(String target) {
    List<String> missing = missingByTarget.get(target);
    return missing == null ? 0 : missing.size();
  }

  /** How many GPUs of the target's last page lack fields the others report. */
  public int incompleteGpus(String target) {
    return (int)
        gpuMissingByTarget.getOrDefault(target, Map.of()).values().stream()
            .filter(m -> !m.isEmpty())
            .count();
  }

  public List<String> expected() {
    return expected;
  }

  public void forgetTarget(String target) {
    missingByTarget.remove(target);
    gpuMissingByTarget.remove(target);
  }

  /**
   * What one page changed.
   *
   * @param page the target's change, if any
   * @param gpus the GPUs' changes by GPU UUID, sorted
   */
  public record Presence(Optional<PresenceChange> page, Map<String, PresenceChange> gpus) {}

  /**
   * @param missing expected fields now absent, sorted; empty when everything came back
   * @param firstScrape whether this is the first successful scrape (of the target, of the GPU)
   */
  public record PresenceChange(List<String> missing, boolean firstScrape) {
    public boolean resolved() {
      return missing.isEmpty();
    }
  }
}
