package org.olfsfastpath.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** If-None-Match compared in place, as the split and strip it replaced compared it. */
class ConditionalTest {
  private static final String TAG = "\"abc\"";
  private static final String GZIP_TAG = "\"abc-gz\"";

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "\"abc\"|true",
        "W/\"abc\"|true",
        "  \"abc\"  |true",
        "\"x\", \"abc\"|true",
        "\"x\",W/\"abc-gz\"|true",
        "\"x\" ,\t\"abc-gz\" , \"y\"|true",
        "*|true",
        "\"x\", *|true",
        "\"abc|false",
        "\"abcd\"|false",
        "\"ab\"|false",
        "W/ \"abc\"|false",
        "w/\"abc\"|false",
        ",,|false",
        "\"x\",|false",
        "**|false",
        "\"ABC\"|false",
      })
  void matchesAsSplitAndStripDid(String header, boolean expected) {
    assertEquals(expected, Conditional.matches(header, TAG, GZIP_TAG));
    assertEquals(expected, splitAndStrip(header, TAG, GZIP_TAG));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"\"abc-gz\"|false", "\"abc\"|true"})
  void withoutASecondTag(String header, boolean expected) {
    assertEquals(expected, Conditional.matches(header, TAG, null));
  }

  /** The comparison before: split on commas, strip, drop a W/ prefix, compare. */
  private static boolean splitAndStrip(String header, String... etags) {
    for (String item : header.split(",")) {
      String tag = item.strip();
      if (tag.equals("*")) {
        return true;
      }
      if (tag.startsWith("W/")) {
        tag = tag.substring(2);
      }
      for (String etag : etags) {
        if (tag.equals(etag)) {
          return true;
        }
      }
    }
    return false;
  }
}
