package io.strata.correlator.api;

import io.strata.correlator.core.request.WindowStats;
import io.strata.correlator.core.state.EventMark;
import io.strata.correlator.core.state.GpuSnapshot;
import io.strata.correlator.core.state.PodBrief;
import io.strata.correlator.core.state.WorkloadView;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A workload's view as one answer carries it: one {@link DetailPage} of its GPUs and of its pods,
 * in key order, each with the total and the cursor of the next page ({@code gpusNext}, {@code
 * podsNext}: the last key answered; null, and so absent from the JSON, when nothing follows).
 */
public record DetailView(
    Map<String, GpuSnapshot> gpus,
    int gpusTotal,
    String gpusNext,
    Map<String, PodBrief> pods,
    int podsTotal,
    String podsNext,
    List<EventMark> events,
    Map<String, Instant> modelVersions,
    WindowStats lastWindow) {

  public static DetailView of(WorkloadView view, DetailPage page) {
    Slice<GpuSnapshot> gpus = Slice.of(view.gpus(), page.gpusAfter(), page.gpusLimit());
    Slice<PodBrief> pods = Slice.of(view.pods(), page.podsAfter(), page.podsLimit());
    return new DetailView(
        gpus.items(),
        view.gpus().size(),
        gpus.next(),
        pods.items(),
        view.pods().size(),
        pods.next(),
        view.events(),
        view.modelVersions(),
        view.lastWindow());
  }

  /**
   * Up to {@code limit} entries after {@code after}, in key order, and where the next begin (null
   * when none follow, or when the list was not asked for: limit 0).
   */
  record Slice<V>(Map<String, V> items, String next) {

    static <V> Slice<V> of(Map<String, V> all, String after, int limit) {
      if (limit == 0) {
        return new Slice<>(Map.of(), null);
      }
      NavigableMap<String, V> sorted = new TreeMap<>(all);
      NavigableMap<String, V> rest = after == null ? sorted : sorted.tailMap(after, false);
      Map<String, V> items = new LinkedHashMap<>();
      String last = null;
      for (Map.Entry<String, V> e : rest.entrySet()) {
        if (items.size() == limit) {
          return new Slice<>(Collections.unmodifiableMap(items), last);
        }
        items.put(e.getKey(), e.getValue());
        last = e.getKey();
      }
      return new Slice<>(Collections.unmodifiableMap(items), null);
    }
  }
}
