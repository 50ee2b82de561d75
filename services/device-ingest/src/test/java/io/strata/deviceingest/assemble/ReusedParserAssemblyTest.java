package io.strata.deviceingest.assemble;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.deviceingest.parse.PrometheusTextParser;
import io.strata.deviceingest.testing.DcgmPageWriter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A target's parser is reused scrape after scrape and the assembler keeps what it read from a label
 * set on that set (GpuLabels): a page assembled by a parser that has seen many other pages must be
 * exactly the page a fresh parser assembles, including pages whose label sets were edited.
 */
class ReusedParserAssemblyTest {

  private static final String EDITS = "{}\",=\\ \n#_aZ09.-";

  @Test
  void aReusedParserAssemblesEveryPageAsAFreshOneDoes() {
    String page = DcgmPageWriter.eightGpuPage();
    PrometheusTextParser reused = new PrometheusTextParser();
    SplittableRandom random = new SplittableRandom(2024);
    int gpus = 0;
    for (int i = 0; i < 2_000; i++) {
      String body = random.nextInt(3) == 0 ? page : edit(page, random);
      ScrapedPage expected = PageAssembler.assemble(new PrometheusTextParser(), body, 20);
      ScrapedPage actual = PageAssembler.assemble(reused, body, 20);
      assertThat(actual).as("page %d", i).isEqualTo(expected);
      gpus += actual.gpus().size();
    }
    assertThat(gpus).isGreaterThan(2_000 * 6);
  }

  private static String edit(String page, SplittableRandom random) {
    StringBuilder text = new StringBuilder(page);
    for (int k = random.nextInt(1, 8); k > 0; k--) {
      int at = random.nextInt(text.length());
      switch (random.nextInt(3)) {
        case 0 -> text.setCharAt(at, EDITS.charAt(random.nextInt(EDITS.length())));
        case 1 -> text.deleteCharAt(at);
        default -> text.insert(at, EDITS.charAt(random.nextInt(EDITS.length())));
      }
    }
    return text.toString();
  }
}
