package io.strata.simulator.dcgm;

import io.strata.simulator.dcgm.LabelSet.Label;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Gpu;
import io.strata.simulator.model.GpuReading;
import io.strata.simulator.model.HealthWatch;
import io.strata.simulator.model.Pod;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Renders GPU readings as dcgm-exporter's /metrics text in one {@link DcgmNaming}: per field a HELP
 * and TYPE line, then one line per GPU with gpu, UUID, pci_bus_id, device, modelName, the host name
 * and driver version labels and the sorted attribute labels (pod/namespace/container for
 * device-plugin GPUs, plus dra_* for GPUs allocated through a ResourceClaim). Names are resolved
 * once per renderer ({@link PageVocabulary}) and label strings built and encoded once per GPU and
 * pod attribution ({@code GpuLabels}), so rendering thousands of GPUs is byte copies into a reused
 * {@link PageBuffer}.
 */
public final class DcgmRenderer {

  public static final String XID_COUNT_METRIC = "DCGM_EXP_XID_ERRORS_COUNT";
  public static final String HEALTH_METRIC = "DCGM_EXP_GPU_HEALTH_STATUS";
  public static final String DRA_DRIVER = "gpu.nvidia.com";

  private final ClusterShape shape;
  private final Duration xidWindow;
  private final PageVocabulary vocabulary;
  private final Map<String, GpuLabels> labelsByGpu = new ConcurrentHashMap<>();

  /**
   * One GPU's label strings for its current pod attribution: the prefix of its field lines and,
   * built on first use, each variant its XID, XID-count and health lines need. Every page repeats
   * them, so a page is appends of cached strings (a 10,000-GPU run renders 1,250 pages a second); a
   * new attribution replaces the whole entry.
   */
  private record GpuLabels(
      Pod pod, String fixed, List<Label> attrs, byte[] prefix, Map<List<Label>, byte[]> variants) {

    byte[] with(List<Label> extra) {
      return variants.computeIfAbsent(
          extra, e -> PageBuffer.utf8(fixed + "," + LabelSet.render(LabelSet.sorted(attrs, e))));
    }
  }

  private static final byte[] XID_COUNT_HEADER =
      MetricFamily.header(
          XID_COUNT_METRIC,
          "gauge",
          "Count of XID Errors within user-specified time window (see xid-count-window-size param).");
  private static final byte[] XID_COUNT_NAME = PageBuffer.utf8(XID_COUNT_METRIC);
  private static final byte[] HEALTH_HEADER =
      MetricFamily.header(HEALTH_METRIC, "counter", "DCGM reported health status");
  private static final byte[] HEALTH_NAME = PageBuffer.utf8(HEALTH_METRIC);

  /** A renderer of the legacy names (dcgm-exporter up to 4.8). */
  public DcgmRenderer(ClusterShape shape, Duration xidWindow) {
    this(shape, xidWindow, DcgmNaming.LEGACY);
  }

  public DcgmRenderer(ClusterShape shape, Duration xidWindow, DcgmNaming naming) {
    this.shape = shape;
    this.xidWindow = xidWindow;
    this.vocabulary = PageVocabulary.of(naming);
  }

  /** The page as text (tests, the ingest benchmark's pre-rendered pages). */
  public String render(List<GpuReading> readings, Instant now) {
    return renderInto(new PageBuffer(readings.size() * 10_000), readings, now).toString();
  }

  /** Renders the page into {@code out} (reset first) and returns it, for answering from it. */
  PageBuffer renderInto(PageBuffer out, List<GpuReading> readings, Instant now) {
    out.reset();
    List<GpuLabels> labels = new ArrayList<>(readings.size());
    for (GpuReading reading : readings) {
      labels.add(labels(reading));
    }
    for (MetricFamily family : vocabulary.families()) {
      boolean headerWritten = false;
      for (int i = 0; i < readings.size(); i++) {
        double value = family.value().of(readings.get(i), now);
        if (Double.isNaN(value)) {
          continue;
        }
        if (!headerWritten) {
          out.append(family.header());
          headerWritten = true;
        }
        byte[] lineLabels = labels.get(i).prefix();
        if (family.lastXid()) {
          int xid = (int) value;
          lineLabels =
              labels
                  .get(i)
                  .with(
                      List.of(
                          new Label("err_code", Integer.toString(xid)),
                          new Label("err_msg", XidText.of(xid))));
        }
        line(out, family.name(), lineLabels, format(value, family.fractional()));
      }
    }
    renderXidCounts(out, readings, labels, now);
    renderHealth(out, readings, labels);
    return out;
  }

  private void renderXidCounts(
      PageBuffer out, List<GpuReading> readings, List<GpuLabels> labels, Instant now) {
    if (readings.isEmpty()) {
      return;
    }
    out.append(XID_COUNT_HEADER);
    Label window = new Label("window_size_in_ms", Long.toString(xidWindow.toMillis()));
    for (int i = 0; i < readings.size(); i++) {
      Map<Integer, Integer> counts = new TreeMap<>();
      for (Gpu.XidOccurrence occurrence : readings.get(i).gpu().xidsWithin(xidWindow, now)) {
        counts.merge(occurrence.xid(), 1, Integer::sum);
      }
      if (counts.isEmpty()) {
        line(out, XID_COUNT_NAME, labels.get(i).with(List.of(window)), "0");
        continue;
      }
      for (Map.Entry<Integer, Integer> entry : counts.entrySet()) {
        List<Label> extra = List.of(window, new Label("xid", entry.getKey().toString()));
        line(out, XID_COUNT_NAME, labels.get(i).with(extra), entry.getValue().toString());
      }
    }
  }

  private static void renderHealth(
      PageBuffer out, List<GpuReading> readings, List<GpuLabels> labels) {
    if (readings.isEmpty()) {
      return;
    }
    out.append(HEALTH_HEADER);
    for (int i = 0; i < readings.size(); i++) {
      for (Map.Entry<HealthWatch, HealthWatch.Result> entry : readings.get(i).health().entrySet()) {
        List<Label> extra =
            List.of(
                new Label("health_error_code", entry.getValue().errorCode()),
                new Label("health_watch", entry.getKey().name()));
        line(
            out,
            HEALTH_NAME,
            labels.get(i).with(extra),
            Integer.toString(entry.getValue().value()));
      }
    }
  }

  /** The GPU's cached labels, rebuilt when its pod attribution changed. */
  private GpuLabels labels(GpuReading reading) {
    Gpu gpu = reading.gpu();
    Pod pod = reading.attribution();
    GpuLabels cached = labelsByGpu.get(gpu.uuid());
    if (cached != null && (cached.pod() == pod || (pod != null && pod.equals(cached.pod())))) {
      return cached;
    }
    String fixed = cached != null ? cached.fixed() : fixed(gpu);
    List<Label> attrs = pod == null ? List.of() : podLabels(pod, gpu);
    GpuLabels fresh =
        new GpuLabels(
            pod,
            fixed,
            attrs,
            PageBuffer.utf8(attrs.isEmpty() ? fixed : fixed + "," + LabelSet.render(attrs)),
            new ConcurrentHashMap<>());
    labelsByGpu.put(gpu.uuid(), fresh);
    return fresh;
  }

  private String fixed(Gpu gpu) {
    return LabelSet.render(
        List.of(
            new Label("gpu", Integer.toString(gpu.index())),
            new Label("UUID", gpu.uuid()),
            new Label("pci_bus_id", gpu.pciBusId()),
            new Label("device", "nvidia" + gpu.index()),
            new Label("modelName", shape.modelName()),
            new Label(vocabulary.hostnameLabel(), gpu.node()),
            new Label(vocabulary.driverVersionLabel(), shape.driverVersion())));
  }

  private static List<Label> podLabels(Pod pod, Gpu gpu) {
    List<Label> labels = new ArrayList<>();
    labels.add(new Label("container", pod.container()));
    labels.add(new Label("namespace", pod.namespace()));
    labels.add(new Label("pod", pod.name()));
    if (pod.draClaim() != null) {
      labels.add(new Label("dra_claim_name", pod.draClaim()));
      labels.add(new Label("dra_claim_namespace", pod.namespace()));
      labels.add(new Label("dra_device_name", "gpu-" + gpu.index()));
      labels.add(new Label("dra_driver_name", DRA_DRIVER));
      labels.add(new Label("dra_pool_name", gpu.node()));
    }
    return LabelSet.sorted(labels, List.of());
  }

  private static void line(PageBuffer out, byte[] metric, byte[] labels, String value) {
    out.append(metric).append('{').append(labels).append('}').append(' ').append(value);
    out.append('\n');
  }

  /**
   * Whole numbers without a fraction; ratios and measured values with six decimals, exactly as
   * {@code String.format(Locale.ROOT, "%.6f", value)} writes them (the Formatter rounds the
   * double's shortest decimal digits half up, as {@code BigDecimal.valueOf} then {@code setScale}
   * does) at a fraction of its cost: the Formatter was half of rendering a page, and a 10,000-GPU
   * run renders 1,250 pages a second (docs/benchmarks/log/2026-12-03.md).
   */
  static String format(double value, boolean ratio) {
    if (!ratio && value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    if (!Double.isFinite(value) || (value == 0 && 1 / value < 0)) {
      return String.format(Locale.ROOT, "%.6f", value); // NaN, infinities, -0.0: rare
    }
    String text = BigDecimal.valueOf(value).setScale(6, RoundingMode.HALF_UP).toPlainString();
    // A negative value that rounds to zero keeps its sign in the Formatter ("-0.000000").
    return value < 0 && text.charAt(0) != '-' ? "-" + text : text;
  }
}
