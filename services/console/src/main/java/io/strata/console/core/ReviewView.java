package io.strata.console.core;

import io.strata.events.remediation.ReviewRecord;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/** The review record as Markdown and as the HTML the page shows (raw HTML in input escaped). */
public record ReviewView(String markdown, String html) {

  private static final java.util.List<org.commonmark.Extension> EXTENSIONS =
      java.util.List.of(TablesExtension.create());
  private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
  private static final HtmlRenderer HTML =
      HtmlRenderer.builder().extensions(EXTENSIONS).escapeHtml(true).build();

  static ReviewView of(ReviewRecord review) {
    String markdown = ReviewMarkdown.of(review);
    return new ReviewView(markdown, HTML.render(PARSER.parse(markdown)));
  }
}
