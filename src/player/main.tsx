import { createRoot } from 'react-dom/client';
import { PlayerApp } from './app';
import { registerPlayerWorker } from './lib/sw-client';
import './player.css';

if (import.meta.env.PROD) registerPlayerWorker();

createRoot(document.getElementById('root')!).render(<PlayerApp />);
