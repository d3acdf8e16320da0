import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

/** The browser router of the app (routes live in ./routes so tests can mount them in memory). */
export const router = createBrowserRouter(routes);
