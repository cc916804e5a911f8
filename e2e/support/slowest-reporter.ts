import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the slowest journeys when a run ends, so the journeys that eat .ci/run's 25-minute budget show in
 * its log (the line reporter prints no durations).
 */
export default class SlowestReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.split('/tests/').pop() ?? test.location.file;
    this.durations.push({ title: `${file} › ${test.title}`, ms: result.duration });
  }

  onEnd(_result: FullResult) {
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, 15);
    if (slowest.length === 0) return;
    const total = this.durations.reduce((sum, { ms }) => sum + ms, 0);
    console.log(
      `\nSlowest journeys (all ${this.durations.length} took ${(total / 1000).toFixed(0)} s of worker time):`,
    );
    for (const { title, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
  }
}
