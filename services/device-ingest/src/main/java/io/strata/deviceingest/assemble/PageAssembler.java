package io.strata.deviceingest.assemble;

import static io.strata.deviceingest.assemble.ExporterLabels.*;

import io.strata.deviceingest.naming.FieldNames;
import io.strata.deviceingest.naming.Naming;
import io.strata.deviceingest.naming.NamingProblem;
import io.strata.deviceingest.parse.MetricLine;
import io.strata.deviceingest.parse.MetricSink;
import io.strata.deviceingest.parse.ParseErrorReason;
import io.strata.deviceingest.parse.ParseSummary;
import io.strata.deviceingest.parse.PrometheusTextParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads one page and groups its DCGM lines per GPU (per MIG instance where present). The fields a
 * GPU reports are collected per GPU UUID (over its MIG instances), renamed fields under their
 * legacy name whichever naming the exporter speaks (the naming table, {@link FieldNames}); DCGM
 * lines without a GPU identity (NvSwitch, CPU, link lines) are counted and make no field present.
 */
public final class PageAssembler implements MetricSink {

  private final Map<String, GpuAccumulator> gpus = new LinkedHashMap<>();
  private final Map<String, Set<String>> presentByGpu = new LinkedHashMap<>();
  private final Map<Integer, String> lineErrors = new TreeMap<>();
  private final PageNames names = new PageNames(FieldNames.shipped());
  private final NamingReport.Collector naming;
  private final int maxLineErrors;
  private int nonFinite;
  private int withoutGpu;

  private PageAssembler(int maxLineErrors) {
    this.maxLineErrors = maxLineErrors;
    this.naming = new NamingReport.Collector(maxLineErrors);
  }

  /** Parses a page given as text (tests, tools): its UTF-8 bytes. */
  public static ScrapedPage assemble(PrometheusTextParser parser, String body, int maxLineErrors) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return assemble(parser, bytes, bytes.length, maxLineErrors);
  }

  /**
   * Parses the UTF-8 page {@code body[0, length)} with {@code parser} and assembles the result.
   *
   * @param maxLineErrors how many malformed lines (and lines with a naming problem) to keep by
   *     number (all are counted)
   */
  public static ScrapedPage assemble(
      PrometheusTextParser parser, byte[] body, int length, int maxLineErrors) {
    PageAssembler assembler = new PageAssembler(maxLineErrors);
    ParseSummary summary = parser.parse(body, length, assembler);
    List<GpuReading> readings = new ArrayList<>(assembler.gpus.size());
    assembler.gpus.values().forEach(gpu -> readings.add(gpu.toReading()));
    return new ScrapedPage(
        readings,
        assembler.presentByGpu,
        summary,
        assembler.lineErrors,
        assembler.nonFinite,
        assembler.withoutGpu,
        assembler.naming.report());
  }

  @Override
  public void sample(MetricLine line) {
    String name = line.name();
    if (!name.startsWith(FIELD_PREFIX)) {
      return;
    }
    GpuLabels labels = GpuLabels.of(line);
    String uuid = labels.uuid();
    if (uuid == null) {
      withoutGpu++;
      return;
    }
    ResolvedName resolved = names.resolve(name);
    Set<String> present = presentByGpu.get(uuid);
    if (present == null) {
      present = new HashSet<>();
      presentByGpu.put(uuid, present);
    }
    present.add(resolved.presentName());
    for (String label : labels.dcgmLabels()) {
      present.add(label);
    }
    Naming lineNaming = resolved.naming();
    naming.saw(
        labels.legacyLabels() || lineNaming == Naming.LEGACY,
        labels.standardLabels() || lineNaming == Naming.STANDARD);
    if (labels.sameLabelBothNames() != null) {
      naming.add(
          line.lineNumber(),
          NamingProblem.SAME_FIELD_UNDER_BOTH_NAMES,
          labels.sameLabelBothNames());
    }
    if (resolved.problem() != null) {
      naming.add(line.lineNumber(), resolved.problem(), resolved.problemDetail());
    }
    String key = labels.key();
    GpuAccumulator gpu = gpus.get(key);
    if (gpu == null) {
      gpu = new GpuAccumulator(uuid, line);
      gpus.put(key, gpu);
    }
    if (!gpu.add(line, labels, resolved, naming)) {
      nonFinite++;
    }
  }

  @Override
  public void help(String metricName, String text) {
    names.help(metricName, text);
  }

  @Override
  public void malformed(int lineNumber, ParseErrorReason reason) {
    if (lineErrors.size() < maxLineErrors) {
      lineErrors.put(lineNumber, reason.name());
    }
  }
}
