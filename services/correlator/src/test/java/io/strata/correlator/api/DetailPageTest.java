package io.strata.correlator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.BadRequestException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DetailPageTest {

  private static final Map<String, Integer> FIVE =
      Map.of("GPU-e", 5, "GPU-a", 1, "GPU-c", 3, "GPU-b", 2, "GPU-d", 4);

  @Test
  void pagesWalkEveryKeyOnceInOrder() {
    List<String> seen = new java.util.ArrayList<>();
    String after = null;
    int pages = 0;
    do {
      DetailView.Slice<Integer> page = DetailView.Slice.of(FIVE, after, 2);
      seen.addAll(page.items().keySet());
      after = page.next();
      pages++;
    } while (after != null);

    assertThat(seen).containsExactly("GPU-a", "GPU-b", "GPU-c", "GPU-d", "GPU-e");
    assertThat(pages).isEqualTo(3);
  }

  @Test
  void aFullLastPageHasNoNextCursor() {
    DetailView.Slice<Integer> first = DetailView.Slice.of(FIVE, null, 5);

    assertThat(first.items()).containsExactlyEntriesOf(sorted(FIVE));
    assertThat(first.next()).isNull();
    assertThat(DetailView.Slice.of(FIVE, "GPU-c", 2).next()).isNull();
    assertThat(DetailView.Slice.of(FIVE, "GPU-c", 2).items().keySet())
        .containsExactly("GPU-d", "GPU-e");
  }

  @Test
  void aCursorThatIsNoKeyStartsAfterWhereItWouldSort() {
    assertThat(DetailView.Slice.of(FIVE, "GPU-bb", 1).items().keySet()).containsExactly("GPU-c");
    assertThat(DetailView.Slice.of(FIVE, "~", 3).items()).isEmpty();
  }

  @Test
  void aListNotAskedForIsEmptyWithoutACursor() {
    DetailView.Slice<Integer> none = DetailView.Slice.of(FIVE, null, 0);

    assertThat(none.items()).isEmpty();
    assertThat(none.next()).isNull();
  }

  @Test
  void parametersParseWithDefaultsAndForwardAsTheyCame() {
    assertThat(DetailPage.parse(null, null, null, null, " ")).isEqualTo(DetailPage.FIRST);
    DetailPage page = DetailPage.parse("20", null, "0", "GPU-1", "ml/serve 0");

    assertThat(page).isEqualTo(new DetailPage(20, 0, "GPU-1", "ml/serve 0"));
    assertThat(page.query())
        .isEqualTo("&gpus-limit=20&pods-limit=0&gpus-after=GPU-1&pods-after=ml%2Fserve%200");
    assertThat(DetailPage.FIRST.query()).isEqualTo("&gpus-limit=500&pods-limit=500");
  }

  @Test
  void walkingOneListWithTheOtherAtZeroEndsWithoutRestartingEither() {
    Map<String, Integer> gpus = FIVE;
    Map<String, Integer> pods = Map.of("ml/p-1", 1, "ml/p-2", 2);
    DetailPage page = DetailPage.parse("2", null, "0", null, null);
    List<String> walked = new java.util.ArrayList<>();
    int answers = 0;
    while (true) {
      DetailView.Slice<Integer> g = DetailView.Slice.of(gpus, page.gpusAfter(), page.gpusLimit());
      DetailView.Slice<Integer> p = DetailView.Slice.of(pods, page.podsAfter(), page.podsLimit());
      assertThat(p.items()).isEmpty();
      walked.addAll(g.items().keySet());
      answers++;
      if (g.next() == null) {
        break;
      }
      page = DetailPage.parse("2", null, "0", g.next(), null);
    }

    assertThat(walked).containsExactly("GPU-a", "GPU-b", "GPU-c", "GPU-d", "GPU-e");
    assertThat(answers).isEqualTo(3);
  }

  @Test
  void aBadLimitIsABadRequestNamingIt() {
    assertThatThrownBy(() -> DetailPage.parse("ten", null, null, null, null))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("limit must be a whole number 1..5000");
    assertThatThrownBy(() -> DetailPage.parse("0", null, null, null, null))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("limit must be 1..5000, was 0");
    assertThatThrownBy(() -> DetailPage.parse(null, "5001", null, null, null))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("gpus-limit must be 0..5000, was 5001");
    assertThatThrownBy(() -> DetailPage.parse(null, null, "-1", null, null))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("pods-limit must be 0..5000, was -1");
  }

  private static Map<String, Integer> sorted(Map<String, Integer> m) {
    return new LinkedHashMap<>(new java.util.TreeMap<>(m));
  }
}
