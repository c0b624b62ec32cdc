import { render } from 'preact';
import { App } from './app';
import './styles.css';
// The layout rules that keep every page inside the viewport with long names.
import './layout.css';
// The table in the window: the whole board on load, side panels that scroll on their own.
import './table-layout.css';

const root = document.getElementById('app');
if (root !== null) render(<App />, root);
