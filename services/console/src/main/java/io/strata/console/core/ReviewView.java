package io.strata.console.core;

import io.strata.events.remediation.ReviewRecord;
import java.util.List;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Link;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * The review record as Markdown and as the HTML the page shows (raw HTML in input escaped). Its
 * links (the log links) open in a new tab without handing the console's window to the log tool.
 */
public record ReviewView(String markdown, String html) {

  private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
  private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
  private static final HtmlRenderer HTML =
      HtmlRenderer.builder()
          .extensions(EXTENSIONS)
          .escapeHtml(true)
          .sanitizeUrls(true)
          .attributeProviderFactory(
              context ->
                  (node, tag, attributes) -> {
                    if (node instanceof Link) {
                      attributes.put("target", "_blank");
                      attributes.put("rel", "noopener");
                    }
                  })
          .build();

  static ReviewView of(ReviewRecord review) {
    String markdown = ReviewMarkdown.of(review);
    return new ReviewView(markdown, HTML.render(PARSER.parse(markdown)));
  }
}
