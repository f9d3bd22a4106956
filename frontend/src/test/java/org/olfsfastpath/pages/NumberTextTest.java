package org.olfsfastpath.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

final class NumberTextTest {
  @Test
  void exact_isTheShortestTextThatReadsBackAsTheSameValue() {
    assertEquals("21", NumberText.exact(21.0, false));
    assertEquals("0.1", NumberText.exact(0.1, false));
    assertEquals("730.4850000000001", NumberText.exact(730.4850000000001, false));
    assertEquals("-89", NumberText.exact(-89, false));
    assertEquals("0", NumberText.exact(-0.0, false));
  }

  @Test
  void exact_ofAFloat32_dropsTheBinaryNoiseOfItsDoubleForm() {
    assertEquals("0.10000000149011612", NumberText.exact((double) 0.1f, false));
    assertEquals("0.1", NumberText.exact((double) 0.1f, true));
    assertEquals("-1e+34", NumberText.exact((double) -1.0e34f, true));
    assertEquals("47.5", NumberText.exact((double) 47.5f, true));
  }

  @Test
  void largeAndSmallValues_areScientific() {
    assertEquals("1e+15", NumberText.exact(1e15, false));
    assertEquals("999999999999999", NumberText.exact(999_999_999_999_999.0, false));
    assertEquals("2.5e-7", NumberText.exact(2.5e-7, false));
    assertEquals("0.000001", NumberText.exact(1e-6, false));
  }

  @Test
  void rounded_givesSignificantDigits() {
    assertEquals("730.485", NumberText.rounded(730.4850000000001, 9));
    assertEquals("2", NumberText.rounded(2.0, 9));
    assertEquals("-2.5", NumberText.rounded(-2.5000000001, 6));
  }

  @Test
  void grouped_putsThousandsSeparators() {
    assertEquals("3,114,044", NumberText.grouped(3_114_044));
    assertEquals("999", NumberText.grouped(999));
    assertEquals("-1,000", NumberText.grouped(-1000));
  }
}
