package io.strata.deviceingest.bench;

import io.strata.deviceingest.assemble.PageAssembler;
import io.strata.deviceingest.assemble.ScrapedPage;
import io.strata.deviceingest.parse.MetricLine;
import io.strata.deviceingest.parse.MetricSink;
import io.strata.deviceingest.parse.ParseErrorReason;
import io.strata.deviceingest.parse.PrometheusTextParser;
import io.strata.deviceingest.testing.DcgmPageWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Parser throughput on a realistic 8-GPU dcgm-exporter page (default + DCP fields, pod labels), on
 * one thread. Run: {@code mvn -Pbench test-compile exec:exec} in services/device-ingest. The
 * TearDown prints samples/s (sample lines parsed per second) next to JMH's ops/s (pages/s).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@Threads(1)
public class ParserBenchmark {

  private byte[] page;
  private int samplesPerPage;
  private PrometheusTextParser parser;
  private long pages;
  private long startNanos;

  @Setup(Level.Trial)
  public void setUp() {
    page = DcgmPageWriter.eightGpuPage().getBytes(StandardCharsets.UTF_8);
    parser = new PrometheusTextParser();
    samplesPerPage = parser.parse(page, page.length, new CountingSink(null)).samples();
  }

  @Setup(Level.Iteration)
  public void startIteration() {
    pages = 0;
    startNanos = System.nanoTime();
  }

  /** The parser alone: every line tokenised, labels and value read. */
  @Benchmark
  public void parse(Blackhole blackhole) {
    blackhole.consume(parser.parse(page, page.length, new CountingSink(blackhole)));
    pages++;
  }

  /** Parser plus grouping into per-GPU readings (what a scrape really does before publishing). */
  @Benchmark
  public ScrapedPage parseAndAssemble() {
    pages++;
    return PageAssembler.assemble(parser, page, page.length, 20);
  }

  @TearDown(Level.Iteration)
  public void report() {
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    System.out.printf(
        "%n  %d samples/page, %.0f pages/s, %.0f samples/s%n",
        samplesPerPage, pages / seconds, pages * samplesPerPage / seconds);
  }

  private record CountingSink(Blackhole blackhole) implements MetricSink {
    @Override
    public void sample(MetricLine line) {
      if (blackhole != null) {
        blackhole.consume(line.value());
        blackhole.consume(line.labelValue(line.labelCount() - 1));
      }
    }

    @Override
    public void malformed(int lineNumber, ParseErrorReason reason) {
      throw new IllegalStateException("benchmark page is malformed at line " + lineNumber);
    }
  }
}
