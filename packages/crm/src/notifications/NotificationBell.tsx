import { BellOutlined } from '@ant-design/icons';
import type { Notification } from '@shine/shared/responses/notifications';
import { Button, Empty } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShellCounts } from '../api/shell-counts.ts';
import { formatDateTime } from '../format/date-time.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { notificationPath } from './notification-path.ts';
import { useMarkNotificationsRead, useNotifications } from './notifications.hooks.ts';
import './notifications.css';

/**
 * The bell in the header: how many notifications wait, and the list of them (a disclosure: the button
 * opens a panel below it; Escape or a click elsewhere closes it). Opening one reads it and opens its lead
 * (a held request: the Held section).
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications(open);
  const counts = useShellCounts();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The list's own count once it is open (the newer of the two), the shell's before.
  const unread = (open ? notifications.data?.unread : undefined) ?? counts.data?.notifications ?? 0;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const openOne = (item: Notification) => {
    setOpen(false);
    if (!item.readAt) markRead.mutate({ ids: [item.id] });
    const path = notificationPath(item);
    if (path) navigate(path);
  };

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="notification-bell" ref={root}>
      <span className="notification-button">
        <Button
          ref={button}
          type="text"
          icon={<BellOutlined aria-hidden="true" />}
          aria-label={label}
          aria-expanded={open}
          aria-controls={panelId}
          data-testid="notification-bell"
          onClick={() => setOpen((was) => !was)}
        />
        {/* The count is in the button's name; this is its picture. */}
        {unread > 0 ? (
          <span className="notification-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </span>
      <section id={panelId} className="notification-panel" aria-label="Your notifications" hidden={!open}>
        <div className="notification-panel-head">
          <strong>Notifications</strong>
          <Button
            type="link"
            size="small"
            disabled={unread === 0}
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </div>
        {notifications.isError ? (
          <QueryErrorAlert error={notifications.error} onRetry={() => void notifications.refetch()} />
        ) : null}
        {notifications.data && notifications.data.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing waits for you." />
        ) : (
          <ul className="notification-list">
            {notifications.data?.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={item.readAt ? 'notification-item' : 'notification-item notification-unread'}
                  onClick={() => openOne(item)}
                >
                  <span className="notification-text">
                    {item.readAt ? null : <span className="visually-hidden">Unread: </span>}
                    {item.text}
                  </span>
                  <time className="notification-time" dateTime={item.at}>
                    {formatDateTime(item.at)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
