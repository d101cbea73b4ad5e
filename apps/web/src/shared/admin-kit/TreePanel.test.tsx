// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TreePanel } from './TreePanel';

afterEach(cleanup);

const nodes = [
  { key: 'a', title: 'Head office', children: [{ key: 'a1', title: 'Sales' }] },
  { key: 'b', title: 'Branch', children: [{ key: 'b1', title: 'Support' }] },
];

describe('TreePanel', () => {
  it('filters by the search text and reports selection', () => {
    const onSelect = vi.fn();
    render(<TreePanel nodes={nodes} onSelect={onSelect} />);
    expect(screen.getByText('Support')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('kit.searchTree'), { target: { value: 'sal' } });
    expect(screen.getByText('Sales')).toBeTruthy();
    expect(screen.queryByText('Support')).toBeNull();
    fireEvent.click(screen.getByText('Sales'));
    expect(onSelect).toHaveBeenCalledWith('a1');
  });

  it('keeps the selected node and its ancestors open, collapsed elsewhere, with a custom title', () => {
    const deep = [
      {
        key: 'a',
        title: 'Head office',
        children: [{ key: 'a1', title: 'Sales', children: [{ key: 'a11', title: 'North' }] }],
      },
    ];
    render(
      <TreePanel
        nodes={deep}
        defaultExpanded={[]}
        selectedKey="a11"
        ancestorsOf={(key) => (key === 'a11' ? ['a1', 'a'] : [])}
        titleRender={(item) => <b>{`${item.title}!`}</b>}
        searchLabel="Find a unit"
      />,
    );
    expect(screen.getByText('North!')).toBeTruthy();
    expect(screen.getByLabelText('Find a unit')).toBeTruthy();
  });
});
