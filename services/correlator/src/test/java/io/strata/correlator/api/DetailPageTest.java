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
  void parametersParseWithDefaultsAndForwardAsTheyCame() {
    assertThat(DetailPage.parse(null, null, " ")).isEqualTo(DetailPage.FIRST);
    DetailPage page = DetailPage.parse("20", "GPU-1", "ml/serve 0");

    assertThat(page).isEqualTo(new DetailPage(20, "GPU-1", "ml/serve 0"));
    assertThat(page.query()).isEqualTo("&limit=20&gpus-after=GPU-1&pods-after=ml%2Fserve%200");
    assertThat(DetailPage.FIRST.query()).isEqualTo("&limit=500");
  }

  @Test
  void aBadLimitIsABadRequestNamingIt() {
    assertThatThrownBy(() -> DetailPage.parse("ten", null, null))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("limit must be a whole number 1..5000");
    assertThatThrownBy(() -> DetailPage.parse("0", null, null))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("limit must be 1..5000, was 0");
    assertThatThrownBy(() -> DetailPage.parse("5001", null, null))
        .isInstanceOf(BadRequestException.class)
        .hasMessage("limit must be 1..5000, was 5001");
  }

  private static Map<String, Integer> sorted(Map<String, Integer> m) {
    return new LinkedHashMap<>(new java.util.TreeMap<>(m));
  }
}
