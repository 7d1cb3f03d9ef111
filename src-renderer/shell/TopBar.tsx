/** The toolbar: ways in, the command palette, jobs with a running count, and the theme. */
import { useJobs } from '../api/catalog-queries';
import { isActive } from '../common/jobs/job-format';
import type { ThemeChoice } from '../state/theme';
import { useWorkspace } from '../state/workspace';

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

export function TopBar({
  theme,
  onTheme,
}: {
  theme: ThemeChoice;
  onTheme: (t: ThemeChoice) => void;
}) {
  const ws = useWorkspace();
  const jobs = useJobs();
  const running = jobs.data?.filter(isActive).length ?? 0;
  return (
    <header className="topbar">
      {/* The start screen's link: with tables open, it is still one click (and one address) away. */}
      <span className="brand">
        <a href="#/">Catalog Studio</a>
      </span>
      <button type="button" onClick={() => ws.openDialog({ kind: 'open-folder', create: false })}>
        Open folder…
      </button>
      <button type="button" onClick={() => ws.openDialog({ kind: 'open-object-store' })}>
        Object store…
      </button>
      <button type="button" onClick={() => ws.openDialog({ kind: 'connect-url' })}>
        Connect…
      </button>
      <span className="spacer" />
      <button
        type="button"
        className="palette-button"
        aria-label="Command palette"
        onClick={() => ws.setPaletteOpen(true)}
      >
        Search or run a command… <kbd>{isMac ? '⌘' : 'Ctrl'}+K</kbd>
      </button>
      <button
        type="button"
        aria-pressed={ws.jobsOpen}
        aria-label={running ? `Jobs (${running} running)` : 'Jobs'}
        onClick={() => ws.setJobsOpen(!ws.jobsOpen)}
      >
        Jobs{running > 0 && <span className="count">{running}</span>}
      </button>
      <label className="theme-picker">
        <span className="visually-hidden">Theme</span>
        <select
          aria-label="Theme"
          value={theme}
          onChange={(e) => onTheme(e.target.value as ThemeChoice)}
        >
          <option value="system">System theme</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
    </header>
  );
}
