import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startEarlyRequests } from './app/early-requests';
import './styles.css';

startEarlyRequests(window.location.pathname);

// The first render in a transition: React renders it in short slices (yielding to the browser)
// instead of one long task, which is what Lighthouse's Total Blocking Time counts (docs/benchmarks.md#targets).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
