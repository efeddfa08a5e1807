/**
 * What Contact Form 7 5.9.8's `[tel]` accepts, case by case from its rule (wpcf7_is_tel, the swv `tel` rule):
 * `preg_replace('%[()/.*#\s-]+%', '', $text)` then `preg_match('/^[+]?[0-9]+$/', ...)`; no length limit, no
 * extension rule (both came with 6.0). Blank values are not checked at all (the rule excludes them).
 */
export const TEL_ACCEPTED: string[] = [
  '12', // two digits are a telephone number for 5.9.8
  '1',
  '+1',
  '+44 20 7946 0958',
  '(030) 123-4567',
  '0049 30 1234567',
  '555.123.4567 #12', // `#` is a separator, not the start of an extension
  '*31#',
  '1/2',
  '--7--',
  '+ 1', // the space goes first, then `+1`
  '1\t2\n3\v4\f5\r6', // PCRE's ASCII whitespace
  '123456789012345678901234567890',
];

export const TEL_REFUSED: string[] = [
  'call me',
  '12a456',
  '+',
  '()',
  '++1',
  '1+2',
  '12+',
  '1_2',
  '1,2',
  '1 ext. 2',
  '   ', // not blank, and nothing is left
  '12\u00a0', // a no-break space is not PCRE's `\s` without the u flag
  '12\u2003',
  '\uff11\uff12', // full-width digits
  '\u0661\u0662', // Arabic-Indic digits
];
