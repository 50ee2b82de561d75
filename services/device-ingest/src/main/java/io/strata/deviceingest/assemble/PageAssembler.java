package io.strata.deviceingest.assemble;

import static io.strata.deviceingest.assemble.ExporterLabels.*;

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
 * GPU reports are collected per GPU UUID (over its MIG instances); DCGM lines without a GPU
 * identity (NvSwitch, CPU, link lines) are counted and make no field present.
 */
public final class PageAssembler implements MetricSink {

  private final Map<String, GpuAccumulator> gpus = new LinkedHashMap<>();
  private final Map<String, Set<String>> presentByGpu = new LinkedHashMap<>();
  private final Map<Integer, String> lineErrors = new TreeMap<>();
  private final int maxLineErrors;
  private int nonFinite;
  private int withoutGpu;

  private PageAssembler(int maxLineErrors) {
    this.maxLineErrors = maxLineErrors;
  }

  /** Parses a page given as text (tests, tools): its UTF-8 bytes. */
  public static ScrapedPage assemble(PrometheusTextParser parser, String body, int maxLineErrors) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return assemble(parser, bytes, bytes.length, maxLineErrors);
  }

  /**
   * Parses the UTF-8 page {@code body[0, length)} with {@code parser} and assembles the result.
   *
   * @param maxLineErrors how many malformed lines to keep by number (all are counted)
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
        assembler.withoutGpu);
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
    Set<String> present = presentByGpu.get(uuid);
    if (present == null) {
      present = new HashSet<>();
      presentByGpu.put(uuid, present);
    }
    present.add(name);
    for (String label : labels.dcgmLabels()) {
      present.add(label);
    }
    String key = labels.key();
    GpuAccumulator gpu = gpus.get(key);
    if (gpu == null) {
      gpu = new GpuAccumulator(uuid, line);
      gpus.put(key, gpu);
    }
    if (!gpu.add(line)) {
      nonFinite++;
    }
  }

  @Override
  public void malformed(int lineNumber, ParseErrorReason reason) {
    if (lineErrors.size() < maxLineErrors) {
      lineErrors.put(lineNumber, reason.name());
    }
  }
}
