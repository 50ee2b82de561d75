package io.strata.deviceingest.discovery;

import io.strata.deviceingest.scrape.ScrapeTarget;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The live set of scrape targets: the static list plus what each discovery source (one per
 * EndpointSlice and selector) contributes. A URL is a target while any source names it; when the
 * last one lets go, the removal listener hears of it so per-target state can be freed.
 */
public final class TargetRegistry {

  private final Map<String, ScrapeTarget> staticTargets = new LinkedHashMap<>();
  private final Map<String, Set<ScrapeTarget>> discovered = new HashMap<>();
  private final Consumer<String> onRemoved;

  /**
   * The current targets, built once per change: the scrape ticker asks for them many times a
   * second.
   */
  private List<ScrapeTarget> snapshot;

  public TargetRegistry(List<ScrapeTarget> staticTargets, Consumer<String> onRemoved) {
    staticTargets.forEach(target -> this.staticTargets.put(target.url(), target));
    this.onRemoved = onRemoved;
  }

  /** Sets what {@code source} contributes now (replacing what it contributed before). */
  public void replace(String source, Set<ScrapeTarget> targets) {
    List<String> removed;
    synchronized (this) {
      Set<String> before = urls();
      if (targets.isEmpty()) {
        discovered.remove(source);
      } else {
        discovered.put(source, Set.copyOf(targets));
      }
      removed = removedSince(before);
      snapshot = null;
    }
    removed.forEach(onRemoved);
  }

  public void remove(String source) {
    replace(source, Set.of());
  }

  /** Every current target, each URL once; a static entry wins over a discovered one. */
  public synchronized List<ScrapeTarget> targets() {
    if (snapshot == null) {
      Map<String, ScrapeTarget> all = new LinkedHashMap<>(staticTargets);
      discovered.values().forEach(set -> set.forEach(t -> all.putIfAbsent(t.url(), t)));
      snapshot = List.copyOf(all.values());
    }
    return snapshot;
  }

  public synchronized int size() {
    return targets().size();
  }

  private Set<String> urls() {
    Set<String> urls = new java.util.HashSet<>(staticTargets.keySet());
    discovered.values().forEach(set -> set.forEach(t -> urls.add(t.url())));
    return urls;
  }

  private List<String> removedSince(Set<String> before) {
    Set<String> now = urls();
    return before.stream().filter(url -> !now.contains(url)).sorted().toList();
  }
}
