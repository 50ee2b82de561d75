package io.strata.console.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.console.Fixtures;
import io.strata.events.remediation.LogLinkRef;
import io.strata.events.remediation.ReviewRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The review's log links in its Markdown (the export) and in the HTML the page shows. */
class ReviewLogLinksTest {

  private static final String KIBANA =
      "https://kibana.example/app/discover#/?_g=(time:(from:'2026-12-01T09%3A55%3A00Z',"
          + "to:'2026-12-01T10%3A05%3A35Z'))&_a=(query:(language:kuery,query:"
          + "'kubernetes.pod.name:%22llm-serve-7c9f-abcde%22'))";

  @Test
  void theReviewListsItsLogLinksAsLinksThatOpenInANewTab() {
    ReviewView view =
        ReviewView.of(withLinks(new LogLinkRef("kibana", "pod llm-serve-7c9f-abcde", KIBANA)));

    assertThat(view.markdown())
        .contains("\n## Logs\n\n- [Logs (kibana): pod llm-serve-7c9f-abcde](<" + KIBANA + ">)\n");
    assertThat(view.html())
        .contains(
            "<a rel=\"noopener\" href=\""
                + KIBANA.replace("&", "&amp;")
                + "\" target=\"_blank\">Logs (kibana): pod"
                + " llm-serve-7c9f-abcde</a>");
  }

  @Test
  void aLinkReadFromTheTopicCannotBreakOutOfItsPlace() {
    ReviewView view =
        ReviewView.of(
            withLinks(
                new LogLinkRef("x", "pod a](javascript:alert(1))", "https://logs.example/?q=<b>"),
                new LogLinkRef("y", "pod b", "javascript:alert(1)"),
                new LogLinkRef("z", "pod c", "https://logs.example/?a=1&amp;b=2")));

    assertThat(view.markdown())
        .contains(
            "- [Logs (x): pod a\\](javascript:alert(1))](<https://logs.example/?q=%3Cb%3E>)\n")
        .contains("- Logs (y): pod b: javascript:alert(1)\n")
        .contains("- [Logs (z): pod c](<https://logs.example/?a=1\\&amp;b=2>)\n");
    assertThat(view.html())
        .contains(
            "<a rel=\"noopener\" href=\"https://logs.example/?q=%3Cb%3E\" target=\"_blank\">"
                + "Logs (x): pod a](javascript:alert(1))</a>")
        .contains("<li>Logs (y): pod b: javascript:alert(1)</li>")
        .contains("href=\"https://logs.example/?a=1&amp;amp;b=2\"")
        .doesNotContain("href=\"javascript");
  }

  @Test
  void aReviewWithoutLogLinksHasNoLogsSection() {
    assertThat(ReviewMarkdown.of(Fixtures.review())).doesNotContain("## Logs");
  }

  private static ReviewRecord withLinks(LogLinkRef... links) {
    ReviewRecord r = Fixtures.review();
    return new ReviewRecord(
        r.incidentId(),
        r.incidentClass(),
        r.outcome(),
        r.trigger(),
        r.affectedWorkloads(),
        r.exemplarTraceId(),
        r.devices(),
        r.actions(),
        r.openedAt(),
        r.mitigatedAt(),
        r.resolvedAt(),
        r.timeToMitigateMillis(),
        r.timeToRecoverMillis(),
        r.missingDimensions(),
        r.writtenAt(),
        r.episode(),
        List.of(links));
  }
}
